import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { messages } from '@core/messages';
import { type ClientEvents, reconnectDelay, type ServerEventName, type ServerEventPayload, type ServerEvents, type SessionJoinAck } from '@core/realtime';

/**
 * One Socket.IO connection per signed-in tab. The client only listens; writes go over HTTP. Reconnects follow
 * docs/product/sessions-and-games.md#reconnects-and-offline-answers (1, 2, 5, then every 10 s), and every (re)connect
 * tells `onConnect` listeners so that screens reload from the server: nothing shown is stale after a drop.
 */
type ClientSocket = Socket<ServerEvents, ClientEvents>;

let socket: ClientSocket | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let connected = false;
const statusListeners = new Set<() => void>();
const connectListeners = new Set<() => void>();
const loginDoubtListeners = new Set<() => void>();
// Components subscribe here, not to the socket, so they can mount before or after it exists.
const eventListeners = new Map<string, Set<(payload: unknown) => void>>();

function setConnected(value: boolean) {
  connected = value;
  for (const listener of statusListeners) listener();
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  const delay = reconnectDelay(attempt++);
  retryTimer = setTimeout(() => socket?.connect(), delay);
}

export function connectRealtime() {
  if (socket) return;
  socket = io({ path: '/socket.io', reconnection: false, transports: ['websocket', 'polling'], withCredentials: true });
  socket.on('connect', () => {
    attempt = 0;
    setConnected(true);
    for (const listener of connectListeners) listener();
  });
  socket.on('disconnect', (reason) => {
    setConnected(false);
    // The server closes a socket whose login ended (signed out elsewhere, password reset): ask who we are now.
    if (reason === 'io server disconnect') for (const listener of loginDoubtListeners) listener();
    if (reason !== 'io client disconnect') scheduleRetry();
  });
  socket.on('connect_error', (err) => {
    setConnected(false);
    if (err.message === messages.auth.notAuthenticated) for (const listener of loginDoubtListeners) listener();
    scheduleRetry();
  });
  socket.onAny((event: string, payload: unknown) => {
    for (const listener of eventListeners.get(event) ?? []) listener(payload);
  });
}

export function disconnectRealtime() {
  clearTimeout(retryTimer);
  socket?.disconnect();
  socket?.removeAllListeners();
  socket = null;
  attempt = 0;
  setConnected(false);
}

/** Calls `handler` for each `event` pushed by the server while the component is mounted. */
export function useRealtimeEvent<E extends ServerEventName>(event: E, handler: (payload: ServerEventPayload<E>) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (payload: unknown) => latest.current(payload as ServerEventPayload<E>);
    const set = eventListeners.get(event) ?? new Set();
    eventListeners.set(event, set.add(listener));
    return () => void set.delete(listener);
  }, [event]);
}

/** Runs when the server says this tab's login may have ended (it closed the socket, or refused it as signed out). */
export function useOnRealtimeLoginDoubt(handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    loginDoubtListeners.add(listener);
    return () => void loginDoubtListeners.delete(listener);
  }, []);
}

/** Runs after every connect and reconnect. */
export function useOnRealtimeConnect(handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    connectListeners.add(listener);
    return () => void connectListeners.delete(listener);
  }, []);
}

const connectedSnapshot = () => connected;

/** Whether the live connection is up (for a quiet 'reconnecting' hint). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => void statusListeners.delete(onChange);
    },
    connectedSnapshot,
    () => false,
  );
}

export interface SessionRoomState {
  /** Users connected to the session's room, this player included once joined. */
  present: string[];
  /** Set when the server refused the join (e.g. not the creator's partner). */
  error: string | null;
}

/**
 * Joins a session's room while mounted: again after every reconnect, and leaves on unmount. Presence comes
 * from the server ('session:presence'), so both screens agree on who is there; `onJoined` hears each join's
 * acknowledgement (with the session's version, to tell whether anything was missed).
 */
export function useSessionRoom(
  sessionId: string | undefined,
  { enabled = true, onJoined }: { enabled?: boolean; onJoined?: (ack: Extract<SessionJoinAck, { ok: true }>) => void } = {},
): SessionRoomState {
  const [state, setState] = useState<SessionRoomState>({ present: [], error: null });
  const isConnected = useRealtimeConnected();
  const joinedHandler = useRef(onJoined);
  useEffect(() => {
    joinedHandler.current = onJoined;
  });

  useEffect(() => {
    if (!sessionId || !enabled || !isConnected || !socket) return;
    const s = socket;
    let active = true;
    (s.emit as (e: string, p: unknown, ack: (r: SessionJoinAck) => void) => void)('session:join', { sessionId }, (result) => {
      if (!active) return;
      setState(result.ok ? { present: result.userIds, error: null } : { present: [], error: result.error || 'Could not join the session' });
      if (result.ok) joinedHandler.current?.(result);
    });
    return () => {
      active = false;
      (s.emit as (e: string, p: unknown) => void)('session:leave', { sessionId });
    };
  }, [sessionId, enabled, isConnected]);

  useRealtimeEvent('session:presence', (payload) => {
    if (payload.sessionId === sessionId) setState((prev) => ({ ...prev, present: payload.userIds }));
  });

  return state;
}
