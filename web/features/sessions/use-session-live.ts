import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useRealtimeConnected, useRealtimeEvent, useSessionRoom } from '@/lib/realtime';
import { checkSeats, checkVersion, receiveAnswered, receiveUpdated } from './session-sync';
import { useHeldFor } from './use-held-for';

/**
 * After we (re)join the room, how long the partner may still be on their way back before we call them away: two
 * pages that come back from the same outage rejoin a moment apart. The server holds a dropped player for 5 s too
 * (docs/decisions/012), so a reload on their side never reaches us as a departure.
 */
export const PARTNER_GRACE_MS = 5_000;

/**
 * Keeps a session screen live: joins the room, applies the state each pushed change carries (session-sync.ts),
 * and says so when the other player leaves. The session is read again only when a join (every reconnect) reports
 * a version the screen does not hold, an event shows a gap, or someone without a seat on screen joins the room.
 */
export function useSessionLive(sessionId: string, { meId, otherId, active }: { meId: string | undefined; otherId: string | undefined; active: boolean }) {
  const queryClient = useQueryClient();
  const room = useSessionRoom(sessionId, { onJoined: (ack) => checkVersion(queryClient, sessionId, ack.version) });
  const connected = useRealtimeConnected();

  useRealtimeEvent('session:answered', (event) => {
    if (event.sessionId === sessionId && meId) receiveAnswered(queryClient, sessionId, event, meId);
  });
  useRealtimeEvent('session:updated', (event) => {
    if (event.sessionId === sessionId) receiveUpdated(queryClient, sessionId, event.live);
  });
  // Someone joining may be a partner who linked a moment ago: their seat shows up in the snapshot.
  useRealtimeEvent('session:presence', (event) => {
    if (event.sessionId === sessionId) checkSeats(queryClient, sessionId, event.userIds);
  });

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
