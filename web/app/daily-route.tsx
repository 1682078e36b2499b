import { DailyPage } from '@/features/daily/daily-page';
import { useMe } from '@/lib/me';
import { dailyNudge } from './nudge-slots';

/** /daily: the daily questions of the signed-in user's couple (RequireAuth has settled `me`). */
export function DailyRoute() {
  const me = useMe();
  return <DailyPage hasPartner={!!me.data?.partner} nudge={dailyNudge} />;
}
