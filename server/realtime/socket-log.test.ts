import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import type { ViewerCache } from '../auth/viewer-cache';
import { createInvalidationBus } from '../cache/invalidation';
import type { Config } from '../config';
import { createRealtime } from './server';

const ORIGIN = 'http://localhost:3000';
const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];

/** Realtime alone, its login always a user's, and a session join whose database is down. */
beforeAll(async () => {
  app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  const viewers = { lookup: async () => ({ viewer: { id: 'user-1' } }) } as unknown as ViewerCache;
  createRealtime(app, {
    viewers,
    config: { appUrl: ORIGIN } as Config,
    bus: createInvalidationBus(),
    authorizeSessionJoin: async () => {
      throw new Error('connection terminated unexpectedly');
    },
    sessionVersion: async () => 1,
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

function connect(requestId?: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: ORIGIN, ...(requestId ? { 'x-request-id': requestId } : {}) } });
  sockets.push(socket);
  return new Promise((resolve, reject) => socket.once('connect', () => resolve(socket)).once('connect_error', reject));
}
const join = (socket: Socket, sessionId: string) => new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit('session:join', { sessionId }, resolve));

describe('a socket’s errors in the log', () => {
  it('carry the handshake’s X-Request-Id, or an id of its own, one per socket', async () => {
    const sessionId = randomUUID();
    const traced = await connect('edge-7c1e.42');
    const [untraced, other] = [await connect(), await connect()];
    for (const socket of [traced, untraced, other]) expect(await join(socket, sessionId)).toEqual({ ok: false, error: messages.session.notFound });

    const failures = lines.filter((l) => l.msg === 'session join could not be authorized');
    expect(failures).toHaveLength(3);
    expect(failures.map((l) => [l.level, l.sessionId, (l.err as { message: string }).message])).toEqual(Array(3).fill([50, sessionId, 'connection terminated unexpectedly']));
    const [first, second, third] = failures.map((l) => l.reqId as string);
    expect(first).toBe('edge-7c1e.42');
    expect(second).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(third).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(third).not.toBe(second);
  });
});
