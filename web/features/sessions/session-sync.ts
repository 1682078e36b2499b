import type { QueryClient } from '@tanstack/react-query';
import type { SessionAnsweredEvent, SessionLive, SessionSnapshot } from '@core/contracts/sessions';
import { type Applied, applyAnswered, applyLive } from '@core/session-live';
import { refreshQueries } from '@/lib/refresh-queries';
import { sessionQueryOptions } from './api/get-session';

/**
 * The session screen's copy of the server's state, kept current by what arrives (docs/decisions/017): our own
 * writes' replies, the partner's pushed answers and the host's pushed moves, each applied in version order. The
 * session is read again only when something was missed: a version gap, a refusal that says we are behind, or a
 * room join that reports a newer version than the one on screen (after every reconnect).
 */

const keyOf = (sessionId: string) => sessionQueryOptions(sessionId).queryKey;

/** Reads the session again, without cancelling a read already running. */
export const refreshSession = (queryClient: QueryClient, sessionId: string) => refreshQueries(queryClient, { queryKey: keyOf(sessionId), exact: true });

function update(queryClient: QueryClient, sessionId: string, change: (snapshot: SessionSnapshot) => Applied): Applied['outcome'] | 'absent' {
  const current = queryClient.getQueryData(keyOf(sessionId));
  // Not loaded yet: the read on its way has whatever this was.
  if (!current) return 'absent';
  const result = change(current);
  if (result.outcome === 'applied') queryClient.setQueryData(keyOf(sessionId), result.snapshot);
  return result.outcome;
}

/** Events that came ahead of our own write's reply, held until it is back. */
const heldForOwnWrite = new Map<string, { event: SessionAnsweredEvent; meId: string }[]>();
const ownWriteRunning = (queryClient: QueryClient, sessionId: string) => queryClient.isMutating({ mutationKey: ['sessions', sessionId] }) > 0;

/** The reply to our own answer or move: the complete new state. */
export function applyOwnChange(queryClient: QueryClient, sessionId: string, live: SessionLive) {
  update(queryClient, sessionId, (snapshot) => applyLive(snapshot, live));
}

/** A change pushed to the room: the host's move or the completion, complete in itself. */
export function receiveUpdated(queryClient: QueryClient, sessionId: string, live: SessionLive) {
  update(queryClient, sessionId, (snapshot) => applyLive(snapshot, live));
}

/** The partner's answer, pushed: it applies on the version before it, or tells us we missed something. */
export function receiveAnswered(queryClient: QueryClient, sessionId: string, event: SessionAnsweredEvent, meId: string) {
  if (update(queryClient, sessionId, (snapshot) => applyAnswered(snapshot, event, meId)) !== 'gap') return;
  // The missing version may be our own write, whose reply is still on its way: wait for it before reading.
  if (ownWriteRunning(queryClient, sessionId)) heldForOwnWrite.set(sessionId, [...(heldForOwnWrite.get(sessionId) ?? []), { event, meId }]);
  else refreshSession(queryClient, sessionId);
}

/** Our write is done: what waited for it applies now; a refusal that says we are behind (409) reads the session. */
export function settleSession(queryClient: QueryClient, sessionId: string, { behind }: { behind: boolean }) {
  const held = (heldForOwnWrite.get(sessionId) ?? []).sort((a, b) => a.event.version - b.event.version);
  heldForOwnWrite.delete(sessionId);
  const gap = held.some(({ event, meId }) => update(queryClient, sessionId, (snapshot) => applyAnswered(snapshot, event, meId)) === 'gap');
  if (behind || gap) refreshSession(queryClient, sessionId);
}

/** A room join (every connect) reports the session's version: a different one means we missed changes. */
export function checkVersion(queryClient: QueryClient, sessionId: string, version: number) {
  const current = queryClient.getQueryData(keyOf(sessionId));
  if (current && current.version !== version) refreshSession(queryClient, sessionId);
}

/** Someone in the room who has no seat on our screen yet: a partner who took the empty seat. */
export function checkSeats(queryClient: QueryClient, sessionId: string, present: string[]) {
  const current = queryClient.getQueryData(keyOf(sessionId));
  if (current && present.some((id) => id !== current.host.id && id !== current.partner?.id)) refreshSession(queryClient, sessionId);
}
