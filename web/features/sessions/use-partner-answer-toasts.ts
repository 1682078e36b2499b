import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useRealtimeEvent } from '@/lib/realtime';

/**
 * The other player's answer as news (docs/product/sessions-and-games.md#answering): 'New Answer', "{name} has
 * submitted an answer", while you have not answered yet. Theirs completing the pair makes no toast: the reveal on
 * the board shows it (docs/decisions/026). Once both have answered the toast is out of date and goes.
 */
export function usePartnerAnswerToasts({
  sessionId,
  meId,
  partnerName,
  bothAnswered,
}: {
  sessionId: string;
  meId: string | undefined;
  /** The other player's username, never their role. */
  partnerName: string;
  bothAnswered: boolean;
}) {
  // The newest version this screen has toasted: an answer sent again (the outbox's replay) comes at the version it
  // made the first time, and is no news. Each piece of news is a toast of its own id: sonner merges a toast into one of
  // the same id that is still leaving the screen, and the merged one leaves with it, unseen.
  const toasted = useRef(0);
  const shown = () => `partner-answered-${toasted.current}`;
  // Only a toast that is there: dismissing one that is not still re-renders the toaster, in the frame of the reveal.
  const dismissShown = () => {
    if (toast.getToasts().some((t) => t.id === shown())) toast.dismiss(shown());
  };
  useEffect(() => {
    if (bothAnswered) dismissShown();
  }, [bothAnswered]);

  useRealtimeEvent('session:answered', (event) => {
    if (event.sessionId !== sessionId || !meId || event.userId === meId || event.bothAnswered) return;
    if (event.version <= toasted.current) return;
    dismissShown();
    toasted.current = event.version;
    toast('New Answer', { id: shown(), description: `${partnerName} has submitted an answer` });
  });
}
