import { useEffect } from 'react';
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
  useEffect(() => {
    // Only a toast that is there: dismissing one that is not still re-renders the toaster, in the frame of the reveal.
    if (bothAnswered && toast.getToasts().some((t) => t.id === 'partner-answered')) toast.dismiss('partner-answered');
  }, [bothAnswered]);

  useRealtimeEvent('session:answered', (event) => {
    if (event.sessionId !== sessionId || !meId || event.userId === meId || event.bothAnswered) return;
    toast('New Answer', { id: 'partner-answered', description: `${partnerName} has submitted an answer` });
  });
}
