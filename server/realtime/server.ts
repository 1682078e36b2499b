import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { messages } from '@core/messages';
import { type ClientEvents, type ServerEventName, type ServerEventPayload, type ServerEvents, sessionRoom, userRoom } from '@core/realtime';
import type { ViewerCache } from '../auth/viewer-cache';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { sessionAccess } from '../modules/sessions/access';

export interface Realtime {
  /** Emits to every socket of a user, on every process (through Redis when configured). Call after commit. */
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Emits to everyone in a session's room. Call after commit. */
  toSession<E extends ServerEventName>(sessionId: string, event: E, payload: ServerEventPayload<E>): void;
  /** After a partnership ends, the user's sockets leave every session room (their access is gone). */
  dropSessionRooms(userId: string): Promise<void>;
  /** Number of sockets connected in this cluster (tests and diagnostics). */
  socketCount(): Promise<number>;
}

interface SocketData {
  userId: string;
  /** Join attempts in the current second, for a simple per-socket rate limit. */
  joins: { second: number; count: number };
}
type AppServer = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

const joinPayload = z.object({ sessionId: z.string().max(64) });
const MAX_JOINS_PER_SECOND = 10;

/**
 * Socket.IO on the app's HTTP server. A connection must come from our origin and carry a valid session
 * cookie; it joins its user's room. Joining a session room is authorized like every HTTP read (creator or the
 * creator's partner). Clients only listen otherwise: every write goes over HTTP.
 */
export function createRealtime(app: FastifyInstance, opts: { viewers: ViewerCache; config: Config; db: Db; redis?: Redis }): Realtime {
  const io: AppServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same origin only: the check a browser cannot bypass, since it sets Origin itself.
    allowRequest: (req, callback) => callback(null, req.headers.origin === opts.config.appUrl),
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });

  if (opts.redis) {
    const pub = opts.redis.duplicate();
    const sub = opts.redis.duplicate();
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use(async (socket: AppSocket, next) => {
    try {
      const { viewer } = await opts.viewers.lookup(socket.request.headers.cookie);
      if (!viewer) return next(new Error(messages.auth.notAuthenticated));
      socket.data.userId = viewer.id;
      socket.data.joins = { second: 0, count: 0 };
      next();
    } catch (err) {
      app.log.warn({ err }, 'socket authentication failed');
      next(new Error(messages.auth.notAuthenticated));
    }
  });

  /** The distinct users connected to a session room, across processes. */
  async function presence(sessionId: string, leaving?: string): Promise<string[]> {
    const sockets = await io.in(sessionRoom(sessionId)).fetchSockets();
    return [...new Set(sockets.filter((s) => s.id !== leaving).map((s) => s.data.userId))];
  }
  async function announce(sessionId: string, leaving?: string) {
    io.to(sessionRoom(sessionId)).emit('session:presence', { sessionId, userIds: await presence(sessionId, leaving) });
  }

  io.on('connection', (socket: AppSocket) => {
    void socket.join(userRoom(socket.data.userId));

    socket.on('session:join', async (raw, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const now = Math.floor(Date.now() / 1000);
      const joins = socket.data.joins;
      if (joins.second !== now) Object.assign(joins, { second: now, count: 0 });
      if (++joins.count > MAX_JOINS_PER_SECOND) return reply({ ok: false, error: messages.auth.tooManyRequests });
      const parsed = joinPayload.safeParse(raw);
      if (!parsed.success) return reply({ ok: false, error: 'Session not found' });
      try {
        await sessionAccess(opts.db, parsed.data.sessionId, socket.data.userId);
      } catch (err) {
        return reply({ ok: false, error: err instanceof AppError ? err.message : 'Session not found' });
      }
      await socket.join(sessionRoom(parsed.data.sessionId));
      reply({ ok: true, userIds: await presence(parsed.data.sessionId) });
      await announce(parsed.data.sessionId);
    });

    socket.on('session:leave', async (raw) => {
      const parsed = joinPayload.safeParse(raw);
      if (!parsed.success) return;
      await socket.leave(sessionRoom(parsed.data.sessionId));
      await announce(parsed.data.sessionId);
    });

    socket.on('disconnecting', () => {
      const sessions = [...socket.rooms].filter((r) => r.startsWith('session:')).map((r) => r.slice('session:'.length));
      for (const sessionId of sessions) void announce(sessionId, socket.id);
    });
  });

  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  // The generic emit signature cannot follow E through Socket.IO's types; payloads are checked by our signatures.
  const emitTo = (room: string, event: string, payload: unknown) => (io.to(room).emit as (e: string, p: unknown) => void)(event, payload);

  return {
    toUser: (userId, event, payload) => emitTo(userRoom(userId), event, payload),
    toSession: (sessionId, event, payload) => emitTo(sessionRoom(sessionId), event, payload),
    async dropSessionRooms(userId) {
      for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
        for (const room of socket.rooms) {
          if (!room.startsWith('session:')) continue;
          socket.leave(room);
          void announce(room.slice('session:'.length));
        }
      }
    },
    async socketCount() {
      return (await io.fetchSockets()).length;
    },
  };
}
