import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useRealtimeConnected, useRealtimeEvent, useSessionRoom } from '@/lib/realtime';
import { refreshSession } from './api/get-session';
import { useHeldFor } from './use-held-for';

/**
 * After we (re)join the room, how long the partner may still be on their way back before we call them away: two
 * pages that come back from the same outage rejoin a moment apart. The server holds a dropped player for 5 s too
 * (docs/decisions/012), so a reload on their side never reaches us as a departure.
 */
export const PARTNER_GRACE_MS = 5_000;

/**
 * Keeps a session screen live: joins the room, reloads the snapshot on every pushed change (answers, moves,
 * presence), and says so when the other player leaves. The server stays the source of truth.
 */
export function useSessionLive(sessionId: string, { meId, otherId, active }: { meId: string | undefined; otherId: string | undefined; active: boolean }) {
  const queryClient = useQueryClient();
  const room = useSessionRoom(sessionId);
  const connected = useRealtimeConnected();

  const reload = (payload: { sessionId: string }) => {
    if (payload.sessionId === sessionId) refreshSession(queryClient, sessionId);
  };
  useRealtimeEvent('session:answered', reload);
  useRealtimeEvent('session:updated', reload);
  // Someone joining may be a partner who linked a moment ago: their seat shows up in the snapshot.
  useRealtimeEvent('session:presence', reload);

  const joined = connected && !!meId && room.present.includes(meId);
  const partnerPresent = !!otherId && room.present.includes(otherId);
  const settled = useHeldFor(joined, PARTNER_GRACE_MS);
  // Away: not in the room although we have been in it long enough for them to be back.
  const partnerAway = joined && settled && !partnerPresent;

  const wasPresent = useRef(false);
  useEffect(() => {
    // Only their leaving counts: not our own dropped connection, and not after the game is over.
    if (wasPresent.current && partnerAway && active) {
      toast('Partner Disconnected', { id: `partner-left-${sessionId}`, description: 'Your partner has left the session.' });
    }
    if (partnerPresent) wasPresent.current = true;
    else if (partnerAway) wasPresent.current = false;
  }, [partnerPresent, partnerAway, active, sessionId]);

  // Offline, the last presence we heard is no longer news: nobody is shown as here until we are back.
  return { present: connected ? room.present : [], roomError: room.error, connected, joined, partnerPresent, partnerAway };
}
