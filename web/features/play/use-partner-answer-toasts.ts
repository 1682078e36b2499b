import { useEffect } from 'react';
import { toast } from 'sonner';
import { useRealtimeEvent } from '@/lib/realtime';

/**
 * The other player's answer as news (docs/product/sessions-and-games.md#answering): 'New Answer' while you have not
 * answered yet, 'Response Submitted' when theirs completes the pair. One event makes one toast; once both have
 * answered, the toasts that are about waiting ('Answer Submitted', 'New Answer') are out of date and go.
 */
export function usePartnerAnswerToasts({ sessionId, meId, isHost, bothAnswered }: { sessionId: string; meId: string | undefined; isHost: boolean; bothAnswered: boolean }) {
  useEffect(() => {
    if (!bothAnswered) return;
    toast.dismiss('answer-submitted');
    toast.dismiss('partner-answered');
  }, [bothAnswered]);

  useRealtimeEvent('session:answered', (event) => {
    if (event.sessionId !== sessionId || !meId || event.userId === meId) return;
    if (event.bothAnswered) toast('Response Submitted', { id: 'partner-responded', description: "Your partner's response has been recorded." });
    else toast('New Answer', { id: 'partner-answered', description: `${isHost ? 'Partner' : 'Host'} has submitted an answer` });
  });
}
