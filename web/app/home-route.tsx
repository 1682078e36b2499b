import { Navigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { DailyToday } from '@/features/daily/daily-today';
import { HomePage } from '@/features/home/home-page';
import { useLoggingOut, useMe } from '@/lib/me';
import { dailyNudge } from './nudge-slots';
import { routes } from '@core/routes';

/** '/': a spinner while auth is unknown, the preview for a visitor, the home screen for a user. */
export function HomeRoute() {
  const me = useMe();
  const loggingOut = useLoggingOut();
  if (me.isPending || (!me.data && loggingOut)) return <Spinner label="Loading Twogether" className="flex-1" />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to={routes.previewStep(1)} replace />;
  // The daily question is a feature of its own, placed first on a couple's dashboard here.
  return <HomePage me={me.data} daily={<DailyToday nudge={dailyNudge} />} />;
}
