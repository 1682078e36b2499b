import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime, disconnectRealtime, useOnRealtimeConnect, useOnRealtimeLoginDoubt, useRealtimeConnected, useRealtimeEvent } from '@/lib/realtime';
import { refreshQueries } from '@/lib/refresh-queries';
import { meQueryOptions, useMe } from '@/lib/me';
import { usePlanChanges } from './use-plan-changes';

/**
 * Keeps one live connection while someone is signed in, and turns pushed events into fresh data: after every
 * (re)connect, every partner change and every change of plan, the screens reload from the server, the source of truth.
 */
export function LiveConnection() {
  const me = useMe();
  const queryClient = useQueryClient();
  const userId = me.data?.id;

  useEffect(() => {
    if (!userId) return;
    connectRealtime();
    return () => disconnectRealtime();
  }, [userId]);

  // The connection state on <html data-realtime>, for styles and for tests that must not race it.
  const connected = useRealtimeConnected();
  useEffect(() => {
    document.documentElement.dataset.realtime = connected ? 'on' : 'off';
    return () => void delete document.documentElement.dataset.realtime;
  }, [connected]);

  // A read already running when we (re)connect is left to finish, then read again: never an aborted request.
  // Queries kept live by their room (a game session) learn from the room's join whether they missed anything.
  const refreshAll = () => refreshQueries(queryClient, { predicate: (q) => q.meta?.keptLive !== true });
  useOnRealtimeConnect(refreshAll);
  // Signed out in another tab or device: the screens learn it now, not at the next 30 s check.
  useOnRealtimeLoginDoubt(() => void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }));
  useRealtimeEvent('partner:changed', () => {
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    refreshQueries(queryClient, { predicate: (q) => q.queryKey[0] !== 'me' });
  });
  usePlanChanges();
  return null;
}
