import { SessionPage } from '@/features/sessions/session-page';
import { sessionNudge } from './nudge-slots';

/** A session's screen, with the nudge button composed in at your own pace (docs/product/notifications.md#nudges). */
export function SessionRoute() {
  return <SessionPage nudge={sessionNudge} />;
}
