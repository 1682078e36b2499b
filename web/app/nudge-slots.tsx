import type { SessionSnapshot } from '@core/contracts/sessions';
import { NudgeButton } from '@/features/notifications/nudge-button';

/**
 * Where the nudge button goes (docs/product/notifications.md#nudges), composed into the daily question and the session
 * screen: features do not import each other.
 */
export const dailyNudge = (day: string, partnerName: string) => <NudgeButton target={{ kind: 'daily', day }} partnerName={partnerName} />;

/** At your own pace, once you answered an item your partner has not. */
export function sessionNudge(snapshot: SessionSnapshot, partnerName: string) {
  const { answers, passed } = snapshot;
  const ahead = (answers.mine != null && !answers.partnerAnswered) || passed.some((p) => p.mine != null && !p.partnerAnswered);
  return ahead ? <NudgeButton target={{ kind: 'session', sessionId: snapshot.session.id }} partnerName={partnerName} className="mt-4" /> : null;
}
