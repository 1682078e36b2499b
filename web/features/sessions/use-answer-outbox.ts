import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { reconnectDelay } from '@core/realtime';
import { ApiError, isUnreachable } from '@/lib/api';
import { submitAnswer, useSubmitAnswer } from './api/submit-answer';

interface Pick {
  itemId: string;
  answer: unknown;
  /** Guess my answer, predicting: the partner's pick this player predicts (core/guessing.ts). */
  guess?: unknown;
}

/** Where a pick waits on this device, per session, until the server has it (docs/decisions/045-installable-and-offline.md). */
export const outboxKey = (sessionId: string) => `twogether.outbox.${sessionId}`;

function stored(sessionId: string): Pick | null {
  try {
    const pick = JSON.parse(localStorage.getItem(outboxKey(sessionId)) ?? 'null') as Partial<Pick> | null;
    if (!pick || typeof pick.itemId !== 'string' || pick.answer === undefined) return null;
    return { itemId: pick.itemId, answer: pick.answer, ...(pick.guess !== undefined ? { guess: pick.guess } : {}) };
  } catch {
    return null;
  }
}

/** Keeps the pick on the device (null: forgets it). Storage that is full or refused leaves the pick in memory only. */
function store(sessionId: string, pick: Pick | null) {
  try {
    if (pick) localStorage.setItem(outboxKey(sessionId), JSON.stringify(pick));
    else localStorage.removeItem(outboxKey(sessionId));
  } catch {
    /* private mode, or full: the page still holds it */
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sends the player's answers, one at a time, and never loses one to a dropped connection. A pick made while the
 * server cannot be reached (the live connection is down, or the request did not get through) is kept and sent as
 * soon as the connection is back; a pick made while another is on its way goes next, the last one winning. Only a
 * refusal from the server itself is an error. A sent answer makes no toast: the board says "Waiting for your
 * partner to answer..." right where it was given (docs/decisions/026).
 *
 * Every pick is also kept in localStorage until the server has it, so one tapped offline survives a reload (the
 * service worker shows the page offline): the reloaded screen sends it again, unless the session it loaded already
 * holds it or has moved past its item (`current`, the snapshot's). Sending it twice is harmless: the server takes
 * the same answer again as it is.
 */
export function useAnswerOutbox(sessionId: string, connected: boolean, current?: { itemId: string; mine: unknown }) {
  const submit = useSubmitAnswer(sessionId);
  // Kept until the server can be reached again; `failures` spaces the retries when the connection says it is up.
  // A pick this device kept before a reload is taken up again while its item is still the one to answer.
  const [kept, setKept] = useState<(Pick & { failures: number }) | null>(() => {
    const pick = stored(sessionId);
    if (pick && current?.itemId === pick.itemId && !same(current.mine, pick.answer)) return { ...pick, failures: 0 };
    if (pick) store(sessionId, null);
    return null;
  });
  const next = useRef<Pick | null>(null);

  const send = (pick: Pick, failures = 0) => {
    // On the wire before React renders the tap (the chosen option, the pending state): on a phone's slow CPU that
    // render would otherwise come first and delay the partner's reveal by its length (docs/performance.md, tap →
    // partner). The mutation awaits this same request; until it does, a failure is not "unhandled".
    const sent = submitAnswer(sessionId, pick);
    sent.catch(() => {});
    submit.mutate({ ...pick, sent }, settle(pick, failures));
  };

  const settle = (pick: Pick, failures: number) =>
    ({
      onSuccess: () => {
        if (!next.current && same(stored(sessionId), pick)) store(sessionId, null);
      },
      onError: (err) => {
        // A newer pick replaces this one anyway.
        if (next.current) return;
        if (isUnreachable(err)) {
          setKept({ ...pick, failures: failures + 1 });
          return;
        }
        store(sessionId, null);
        // 409: the host moved on or finished meanwhile; the reloaded snapshot shows where we are.
        if (err instanceof ApiError && err.status === 409) toast('Submission Error', { description: 'Could not submit your answer. Please try again.' });
        else toast.error('Submission Error', { description: 'Failed to submit your choice. Please try again.' });
      },
      onSettled: () => {
        const pick = next.current;
        next.current = null;
        if (pick) answer(pick);
      },
    }) satisfies Parameters<typeof submit.mutate>[1];

  const answer = (pick: Pick) => {
    if (submit.isPending) next.current = pick;
    else if (!connected) setKept({ ...pick, failures: 0 });
    else {
      setKept(null);
      send(pick);
    }
    // Kept on the device in the same task, once the request is on its way: localStorage writes synchronously, and on
    // a phone's CPU that write would otherwise stand between the tap and the network (docs/performance.md).
    store(sessionId, pick);
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
        latestSend.current({ itemId: kept.itemId, answer: kept.answer, ...(kept.guess !== undefined ? { guess: kept.guess } : {}) }, kept.failures);
      },
      kept.failures ? reconnectDelay(kept.failures - 1) : 0,
    );
    return () => clearTimeout(timer);
  }, [kept, connected, submit.isPending]);

  return {
    answer,
    /** The answer being sent right now, if any. */
    sending: submit.isPending ? submit.variables?.answer : undefined,
    /** The answer kept until the server can be reached, if any (only the current item's, when `current` is given). */
    kept: !current || kept?.itemId === current.itemId ? kept?.answer : undefined,
  };
}
