import { useState } from 'react';
import { toast } from 'sonner';
import type { NudgeReceivedEvent } from '@core/contracts/notifications';
import { gameDefinitions } from '@core/game-definitions';
import { messages } from '@core/messages';
import { routes } from '@core/routes';
import { useRealtimeEvent } from '@/lib/realtime';

const keyOf = ({ target }: NudgeReceivedEvent) => (target.kind === 'session' ? `session-${target.sessionId}` : `daily-${target.day}`);

/** What a nudge is about, in the bell's and the toast's words, and where it leads. */
export function nudgeAbout({ target }: NudgeReceivedEvent): { text: string; to: string } {
  return target.kind === 'session'
    ? { text: `Your turn in ${gameDefinitions[target.game].displayName}`, to: routes.session(target.game, target.sessionId) }
    : { text: 'Your turn on the daily question', to: routes.daily };
}

/**
 * The partner's nudges while this tab is open (docs/product/notifications.md#nudges): a toast, one per thing nudged
 * about, and the nudge at the top of the bell until it is opened. Not stored: a nudge missed here came by mail.
 */
export function useLiveNudges() {
  const [nudges, setNudges] = useState<NudgeReceivedEvent[]>([]);
  useRealtimeEvent('nudge:received', (nudge) => {
    setNudges((list) => [nudge, ...list.filter((n) => keyOf(n) !== keyOf(nudge))]);
    toast(messages.notifications.nudgeReceived(nudge.from.username), { id: `nudge-${keyOf(nudge)}`, description: nudgeAbout(nudge).text });
  });
  const dismiss = (nudge: NudgeReceivedEvent) => setNudges((list) => list.filter((n) => keyOf(n) !== keyOf(nudge)));
  return { nudges, dismiss, keyOf };
}
