import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { messages } from '@core/messages';
import {
  type ClientEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerEvents,
  type SessionJoinAck,
  sessionRoom,
  sessionRoomPayload,
  userRoom,
} from '@core/realtime';
import type { ViewerCache } from '../auth/viewer-cache';
import type { InvalidationBus } from '../cache/invalidation';
import { adapterConnections, closeRedis } from '../cache/redis';
import type { Config } from '../config';
import { REQUEST_ID_HEADER, requestIdFrom } from '../http/request-id';
import { PRESENCE_GRACE_MS, PresenceGrace } from './presence';

export interface Realtime {
  /** Emits to every socket of a user, on every process (through Redis when configured). Call after commit. */
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Emits to everyone in a session's room, or to everyone but `except`'s sockets (the writer, whose screens learn the
   * change from their own reply and ignore its echo). Call after commit.
   */
  toSession<E extends ServerEventName>(sessionId: string, event: E, payload: ServerEventPayload<E>, opts?: { except?: string }): void;
  /** Number of sockets connected in this cluster (tests and diagnostics). */
  socketCount(): Promise<number>;
  /** Whether a user has a tab connected anywhere in the cluster (this process only while Redis cannot ask the others). */
  isOnline(userId: string): Promise<boolean>;
  /** This process's sockets and session rooms, counted without asking Redis (GET /metrics). */
  localCounts(): { sockets: number; sessionRooms: number };
}

export interface RealtimeOptions {
  viewers: ViewerCache;
  config: Config;
  bus: InvalidationBus;
  /** Throws (an AppError with the text to show) unless the user may be in the session's room. */
  authorizeSessionJoin(sessionId: string, userId: string): Promise<void>;
  /** The session's version now (docs/decisions/017). */
  sessionVersion(sessionId: string): Promise<number>;
  redis?: Redis;
  presenceGraceMs?: number;
}

interface SocketData {
  userId: string;
  /** The handshake's X-Request-Id when safe, else a new id: in every log line about this socket. */
  reqId: string;
  /** Join attempts in the current second, for a simple per-socket rate limit. */
  joins: { second: number; count: number };
}
type AppServer = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

const MAX_JOINS_PER_SECOND = 10;
const SESSION_PREFIX = 'session:';

/**
 * Socket.IO on the app's HTTP server. A connection must come from our origin and carry a valid session
 * cookie; it joins its user's room, and lives no longer than that login session: signing out, a password reset
 * or deleting the account disconnects it in every process. Joining a session room re-checks the login and is
 * authorized like every HTTP read. Clients only listen otherwise: every write goes over HTTP.
 */
export function createRealtime(app: FastifyInstance, opts: RealtimeOptions): Realtime {
  const io: AppServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same origin only: the check a browser cannot bypass, since it sets Origin itself.
    allowRequest: (req, callback) => callback(null, req.headers.origin === opts.config.appUrl),
    // The spec's heartbeat: every 30 s; a client silent 20 s past one is gone (the presence grace then applies).
    pingInterval: 30_000,
    pingTimeout: 20_000,
  });
  const grace = new PresenceGrace(opts.presenceGraceMs ?? PRESENCE_GRACE_MS);

  if (opts.redis) {
    const { pub, sub } = adapterConnections(opts.redis, app.log);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    });
  }

  /** The user a socket's cookie belongs to right now, or null once that login session has ended. */
  async function currentUser(socket: AppSocket): Promise<string | null> {
    try {
      return (await opts.viewers.lookup(socket.request.headers.cookie)).viewer?.id ?? null;
    } catch (err) {
      app.log.warn({ err, reqId: socket.data.reqId }, 'socket authentication failed');
      return null;
    }
  }

  // A refused handshake (a foreign origin, a bad request): worth a line when looking into a client's trouble.
  io.engine.on('connection_error', (err: { req: { headers: Record<string, string | string[] | undefined> }; code: number; message: string }) =>
    app.log.debug({ reqId: requestIdFrom(err.req.headers[REQUEST_ID_HEADER]), code: err.code, message: err.message }, 'socket connection refused'),
  );

  io.use(async (socket: AppSocket, next) => {
    socket.data.reqId = requestIdFrom(socket.request.headers[REQUEST_ID_HEADER]);
    const userId = await currentUser(socket);
    if (!userId) return next(new Error(messages.auth.notAuthenticated));
    socket.data.userId = userId;
    socket.data.joins = { second: 0, count: 0 };
    next();
  });

  /** Disconnects this process's sockets of `userIds` whose login session is gone (the bus reaches every process). */
  async function revalidate(userIds: Iterable<string>) {
    const namespace = io.of('/');
    for (const userId of userIds) {
      for (const socketId of namespace.adapter.rooms.get(userRoom(userId)) ?? []) {
        const socket = namespace.sockets.get(socketId);
        if (socket && (await currentUser(socket)) !== userId) socket.disconnect(true);
      }
    }
  }
  // Runs after the session cache has forgotten these users (it subscribed first), so the lookups are fresh.
  opts.bus.subscribe('auth', (userIds) => void revalidate(userIds));
  // Invalidations may have been missed while Redis was away: check every socket here again.
  opts.bus.onResync(() => void revalidate(new Set([...io.of('/').sockets.values()].map((s) => s.data.userId))));

  /** The sockets in a room across processes; only this process's while Redis cannot ask the others. */
  async function roomSockets(room?: string, reqId?: string) {
    try {
      return await (room ? io.in(room) : io).fetchSockets();
    } catch (err) {
      app.log.warn({ err, reqId }, 'sockets of other processes unavailable: counting this process only');
      return (room ? io.local.in(room) : io.local).fetchSockets();
    }
  }

  /** The distinct users in a session room across processes, with those still within their grace here. */
  async function presence(sessionId: string, reqId?: string): Promise<string[]> {
    const sockets = await roomSockets(sessionRoom(sessionId), reqId);
    return [...new Set([...sockets.map((s) => s.data.userId), ...grace.holding(sessionId)])];
  }
  /** `reqId`: the socket whose join, leave or departure this announces. */
  async function announce(sessionId: string, reqId: string) {
    try {
      io.to(sessionRoom(sessionId)).emit('session:presence', { sessionId, userIds: await presence(sessionId, reqId) });
    } catch (err) {
      app.log.warn({ err, sessionId, reqId }, 'presence could not be announced');
    }
  }

  io.on('connection', (socket: AppSocket) => {
    void socket.join(userRoom(socket.data.userId));

    socket.on('session:join', async (raw, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        await join(socket, raw, reply);
      } catch (err) {
        // The database or Redis failed mid-join: a line naming the socket's request id, and an answer for the client.
        app.log.error({ err, reqId: socket.data.reqId }, 'session join failed');
        reply({ ok: false, error: messages.http.internal });
      }
    });

    socket.on('session:leave', async (raw) => {
      const parsed = sessionRoomPayload.safeParse(raw);
      if (!parsed.success) return;
      try {
        await socket.leave(sessionRoom(parsed.data.sessionId));
        await announce(parsed.data.sessionId, socket.data.reqId);
      } catch (err) {
        app.log.error({ err, reqId: socket.data.reqId, sessionId: parsed.data.sessionId }, 'session leave failed');
      }
    });

    socket.on('error', (err) => app.log.warn({ err, reqId: socket.data.reqId }, 'socket error'));

    // A lost connection is announced only after the grace: a reload must not read as leaving.
    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        if (!room.startsWith(SESSION_PREFIX)) continue;
        const sessionId = room.slice(SESSION_PREFIX.length);
        grace.depart(sessionId, socket.data.userId, () => void announce(sessionId, socket.data.reqId));
      }
    });
  });

  /** Joins a session room when the socket's login may: the ack says so, or why not. */
  async function join(socket: AppSocket, raw: unknown, reply: (ack: SessionJoinAck) => void) {
    const now = Math.floor(Date.now() / 1000);
    const joins = socket.data.joins;
    if (joins.second !== now) Object.assign(joins, { second: now, count: 0 });
    if (++joins.count > MAX_JOINS_PER_SECOND) return reply({ ok: false, error: messages.auth.tooManyRequests });
    if ((await currentUser(socket)) !== socket.data.userId) {
      reply({ ok: false, error: messages.auth.notAuthenticated });
      return void socket.disconnect(true);
    }
    const parsed = sessionRoomPayload.safeParse(raw);
    if (!parsed.success) return reply({ ok: false, error: messages.session.notFound });
    try {
      await opts.authorizeSessionJoin(parsed.data.sessionId, socket.data.userId);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (!status || status >= 500) app.log.error({ err, reqId: socket.data.reqId, sessionId: parsed.data.sessionId }, 'session join could not be authorized');
      return reply({ ok: false, error: status && status < 500 ? (err as Error).message : messages.session.notFound });
    }
    await socket.join(sessionRoom(parsed.data.sessionId));
    // Read once in the room: a change made before this is in the version, any later one reaches the socket.
    const version = await opts.sessionVersion(parsed.data.sessionId);
    reply({ ok: true, userIds: await presence(parsed.data.sessionId, socket.data.reqId), version });
    await announce(parsed.data.sessionId, socket.data.reqId);
  }

  app.addHook('onClose', async () => {
    grace.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  // The generic emit signature cannot follow E through Socket.IO's types; payloads are checked by our signatures.
  const emitTo = (room: string, event: string, payload: unknown, exceptUser?: string) => {
    const to = exceptUser ? io.to(room).except(userRoom(exceptUser)) : io.to(room);
    (to.emit as (e: string, p: unknown) => void)(event, payload);
  };

  return {
    toUser: (userId, event, payload) => emitTo(userRoom(userId), event, payload),
    toSession: (sessionId, event, payload, opts) => emitTo(sessionRoom(sessionId), event, payload, opts?.except),
    async socketCount() {
      return (await roomSockets()).length;
    },
    async isOnline(userId) {
      return (await roomSockets(userRoom(userId))).length > 0;
    },
    localCounts() {
      const namespace = io.of('/');
      let sessionRooms = 0;
      for (const room of namespace.adapter.rooms.keys()) if (room.startsWith(SESSION_PREFIX)) sessionRooms++;
      return { sockets: namespace.sockets.size, sessionRooms };
    },
  };
}
