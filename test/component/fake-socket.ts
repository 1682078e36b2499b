/**
 * A stand-in for socket.io-client in component tests: the app's own realtime module (web/lib/realtime.ts) runs as
 * it is, talking to this fake server. Tests decide whether the server can be reached, who is in a session's
 * room and its version, and push events as the real server would.
 *
 * Use: vi.mock('socket.io-client', () => import('<this file>')).
 */
type Handler = (...args: any[]) => void;

class FakeSocket {
  private handlers = new Map<string, Set<Handler>>();
  private anyHandlers = new Set<Handler>();
  connected = false;

  on(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set();
    this.handlers.set(event, set.add(handler));
    return this;
  }
  onAny(handler: Handler) {
    this.anyHandlers.add(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    this.anyHandlers.clear();
    return this;
  }
  /** Fires a socket.io lifecycle event ('connect', 'disconnect', 'connect_error') on this client. */
  fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  /** An event from the server: specific handlers, then onAny ones, as socket.io-client does. */
  receive(event: string, payload: unknown) {
    this.fire(event, payload);
    for (const handler of [...this.anyHandlers]) handler(event, payload);
  }
  connect() {
    // A connection attempt answers on a later tick, like the network.
    setTimeout(() => {
      if (server.up) {
        this.connected = true;
        this.fire('connect');
      } else this.fire('connect_error', new Error('xhr poll error'));
    }, 0);
    return this;
  }
  disconnect() {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }
  emit(event: string, payload: { sessionId: string }, ack?: (reply: unknown) => void) {
    server.sent.push({ event, payload });
    if (!this.connected) return this;
    const room = server.rooms.get(payload.sessionId);
    if (event === 'session:join') {
      setTimeout(() => {
        if (!room) return ack?.({ ok: false, error: 'Access denied' });
        if (!room.present.includes(server.me)) room.present.push(server.me);
        ack?.({ ok: true, userIds: [...room.present], version: room.version });
      }, 0);
    }
    if (event === 'session:leave' && room) room.present = room.present.filter((id) => id !== server.me);
    return this;
  }
}

let socket: FakeSocket | null = null;

/** The fake server, as the test drives it. */
export const server = {
  /** Whether a connection attempt gets through. */
  up: true,
  /** The signed-in user, who joins rooms. */
  me: '',
  /** Session rooms: who is in them (besides `me` once joined) and the session's version, as a join reports it. */
  rooms: new Map<string, { present: string[]; version: number }>(),
  /** What the client sent. */
  sent: [] as { event: string; payload: unknown }[],
  /** The connection drops (the server went away, or the network); the client's own retries bring it back. */
  drop() {
    server.up = false;
    if (socket?.connected) {
      socket.connected = false;
      socket.fire('disconnect', 'transport close');
    }
  },
  /** Pushes an event to the client, as the server's room broadcast would. */
  push(event: string, payload: unknown) {
    if (!socket?.connected) throw new Error(`pushed ${event} to a client that is not connected`);
    socket.receive(event, payload);
  },
  get connected() {
    return !!socket?.connected;
  },
  reset() {
    server.up = true;
    server.me = '';
    server.rooms.clear();
    server.sent = [];
    socket = null;
  },
};

/** socket.io-client's `io`: one socket, connecting at once unless told not to. */
export function io(_opts?: { autoConnect?: boolean }) {
  socket = new FakeSocket();
  if (_opts?.autoConnect !== false) socket.connect();
  return socket;
}
