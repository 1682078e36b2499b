import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useRealtimeConnected, useRealtimeEvent, useSessionRoom } from '@/lib/realtime';
import { sessionQueryOptions } from './api/get-session';

/**
 * Keeps a session screen live: joins the room, reloads the snapshot on every pushed change (answers, moves,
 * presence), and says so when the other player leaves. The server stays the source of truth.
 */
export function useSessionLive(sessionId: string, { meId, otherId, active }: { meId: string | undefined; otherId: string | undefined; active: boolean }) {
  const queryClient = useQueryClient();
  const room = useSessionRoom(sessionId);
  const connected = useRealtimeConnected();

  const reload = (payload: { sessionId: string }) => {
    if (payload.sessionId === sessionId) void queryClient.invalidateQueries({ queryKey: sessionQueryOptions(sessionId).queryKey });
  };
  useRealtimeEvent('session:answered', reload);
  useRealtimeEvent('session:updated', reload);
  // Someone joining may be a partner who linked a moment ago: their seat shows up in the snapshot.
  useRealtimeEvent('session:presence', reload);

  const joined = connected && !!meId && room.present.includes(meId);
  const partnerPresent = !!otherId && room.present.includes(otherId);

  const wasPresent = useRef(false);
  useEffect(() => {
    // Only their leaving counts: not our own dropped connection, and not after the game is over.
    if (wasPresent.current && !partnerPresent && joined && active) {
      toast('Partner Disconnected', { id: `partner-left-${sessionId}`, description: 'Your partner has left the session.' });
    }
    if (joined) wasPresent.current = partnerPresent;
  }, [partnerPresent, joined, active, sessionId]);

  // Offline, the last presence we heard is no longer news: nobody is shown as here until we are back.
  return { present: connected ? room.present : [], roomError: room.error, connected, joined, partnerPresent };
}
