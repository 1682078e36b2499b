import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { reconnectDelay } from '@core/realtime';
import { ApiError, isUnreachable } from '@/lib/api';
import { useSubmitAnswer } from './api/submit-answer';

interface Pick {
  itemId: string;
  answer: unknown;
}

/**
 * Sends the player's answers, one at a time, and never loses one to a dropped connection. A pick made while the
 * server cannot be reached (the live connection is down, or the request did not get through) is kept on the
 * page and sent as soon as the connection is back; a pick made while another is on its way goes next, the last
 * one winning. Only a refusal from the server itself is an error. A sent answer makes no toast: the board says
 * "Waiting for your partner to answer..." right where it was given (docs/decisions/026).
 */
export function useAnswerOutbox(sessionId: string, connected: boolean) {
  const submit = useSubmitAnswer(sessionId);
  // Kept until the server can be reached again; `failures` spaces the retries when the connection says it is up.
  const [kept, setKept] = useState<(Pick & { failures: number }) | null>(null);
  const next = useRef<Pick | null>(null);

  const send = (pick: Pick, failures = 0) =>
    submit.mutate(pick, {
      onError: (err) => {
        // A newer pick replaces this one anyway.
        if (next.current) return;
        if (isUnreachable(err)) {
          setKept({ ...pick, failures: failures + 1 });
          return;
        }
        // 409: the host moved on or finished meanwhile; the reloaded snapshot shows where we are.
        if (err instanceof ApiError && err.status === 409) toast('Submission Error', { description: 'Could not submit your answer. Please try again.' });
        else toast.error('Submission Error', { description: 'Failed to submit your choice. Please try again.' });
      },
      onSettled: () => {
        const pick = next.current;
        next.current = null;
        if (pick) answer(pick);
      },
    });

  const answer = (pick: Pick) => {
    if (submit.isPending) next.current = pick;
    else if (!connected) setKept({ ...pick, failures: 0 });
    else {
      setKept(null);
      send(pick);
    }
  };

  // Back online: the kept pick goes out (at once after a reconnect, spaced out if the requests still fail).
  const latestSend = useRef(send);
  useEffect(() => {
    latestSend.current = send;
  });
  useEffect(() => {
    if (!kept || !connected || submit.isPending) return;
    const timer = setTimeout(
      () => {
        setKept(null);
        latestSend.current({ itemId: kept.itemId, answer: kept.answer }, kept.failures);
      },
      kept.failures ? reconnectDelay(kept.failures - 1) : 0,
    );
    return () => clearTimeout(timer);
  }, [kept, connected, submit.isPending]);

  return {
    answer,
    /** The answer being sent right now, if any. */
    sending: submit.isPending ? submit.variables?.answer : undefined,
    /** The answer kept on this page until the server can be reached, if any. */
    kept: kept?.answer,
  };
}
