import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN, type TestUser, cookieFrom, createUser, freeLevelId, linkPartners, post } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { RedisServer, freePort, hasRedisServer } from '../../test/redis-server';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { loadContent } from '../modules/content/loader';
import { adapterConnections, closeRedis, connectRedis } from './redis';

/**
 * Redis stopped and started again under two running app processes (here two apps in one test process, each
 * with its own connections, on one PostgreSQL). While it is away nobody is logged out and nothing answers 5xx:
 * sessions come from PostgreSQL, rate limits count per process, caches are bypassed, readiness says degraded.
 * When it is back, everything resumes without a restart.
 */
if (!hasRedisServer) console.warn('redis-server is not installed: the Redis outage test is skipped (.ci/run installs it in CI)');

const server = new RedisServer(0);
let database: Database;
const apps: FastifyInstance[] = [];
const clients: Redis[] = [];
let app: FastifyInstance;
/** The other process: its writes reach this one's caches only through Redis. */
let other: FastifyInstance;
let a: TestUser;
let b: TestUser;

async function startApp(redis: Redis) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', APP_URL: TEST_ORIGIN, RATE_LIMIT: 'true' });
  const built = await buildApp({ config, database, redis, webDir: '/nonexistent' });
  await built.ready();
  apps.push(built);
  return built;
}

const ready = async (target: FastifyInstance) => {
  const res = await target.inject({ url: '/api/health/ready' });
  return { code: res.statusCode, ...res.json() };
};
const dashboard = async (user: TestUser, target = app) => {
  const res = await target.inject({ url: '/api/dashboard', headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { recent: { id: string }[] };
};
const me = async (cookie: string) => (await app.inject({ url: '/api/me', headers: { cookie } })).json().user as { id: string } | null;
async function newSession(user: TestUser, target: FastifyInstance) {
  const res = await post(target, '/api/sessions', { levelId: await freeLevelId(target, user) }, user.cookie);
  expect(res.statusCode).toBe(201);
  return res.json().session.id as string;
}
const signIn = (user: TestUser, password = user.password) => post(app, '/api/auth/sign-in/email', { email: user.email, password });

describe.skipIf(!hasRedisServer)('a Redis outage under a running app', () => {
  beforeAll(async () => {
    Object.assign(server, { port: await freePort() });
    await server.start();
    // On PostgreSQL when the suite has one, as in production; the test database helper picks it by TEST_DB.
    vi.stubEnv('TEST_DB', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    database = await createTestDatabase();
    vi.unstubAllEnvs();
    await loadContent(database.db);
    clients.push(await connectRedis(server.url), await connectRedis(server.url));
    [app, other] = [await startApp(clients[0]), await startApp(clients[1])];
    await vi.waitFor(async () => expect((await ready(app)).status).toBe('ok'), { timeout: 10_000 });
    a = await createUser(app);
    b = await createUser(other);
    await linkPartners(app, a, b);
  }, 60_000);

  afterAll(async () => {
    for (const built of apps) await built.close();
    for (const client of clients) await closeRedis(client);
    await server.stop();
    await database?.close();
  }, 60_000);

  it('degrades while Redis is away and resumes when it is back', async () => {
    // Both processes cache a's session and dashboard while Redis is up.
    expect((await me(a.cookie))?.id).toBe(a.id);
    await dashboard(a);
    await dashboard(a);

    await server.stop();
    await expect.poll(() => ready(app), { timeout: 10_000 }).toEqual({ code: 200, status: 'degraded', database: 'ok', redis: 'degraded' });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    // Nobody is logged out: the session is read from PostgreSQL.
    expect((await me(a.cookie))?.id).toBe(a.id);
    // Sign-up and sign-in work, counted by this process.
    const c = await createUser(app);
    expect((await me(c.cookie))?.id).toBe(c.id);
    const signedIn = await signIn(a);
    expect(signedIn.statusCode).toBe(200);
    const second = cookieFrom(signedIn);
    expect((await me(second))?.id).toBe(a.id);

    // The partner's write in the other process cannot be announced; this process must not answer from its cache.
    const created = await newSession(b, other);
    expect((await dashboard(a)).recent.map((s) => s.id)).toContain(created);
    // Likewise a sign-out there: the cookie is refused here at once.
    expect((await post(other, '/api/auth/sign-out', {}, second)).statusCode).toBe(200);
    expect(await me(second)).toBeNull();

    // Live events while Redis is away neither fail the request nor end the process.
    const d = await createUser(app);
    await linkPartners(app, c, d);

    // The fallback limit still limits: wrong passwords until 429, never a 5xx.
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await signIn(a, 'Wrong-password-1')).statusCode);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
    expect(codes).toContain(429);

    await server.start();
    await expect.poll(() => ready(app), { timeout: 15_000 }).toEqual({ code: 200, status: 'ok', database: 'ok', redis: 'ok' });
    await expect.poll(async () => (await ready(other)).status, { timeout: 15_000 }).toBe('ok');

    // Invalidations flow again between the processes: a's dashboard, cached here, follows b's write there.
    await dashboard(a);
    await dashboard(a);
    const later = await newSession(b, other);
    await expect.poll(async () => (await dashboard(a)).recent.map((s) => s.id), { timeout: 5_000 }).toContain(later);
    // And the counters are in Redis again (it came back empty).
    const fresh = await createUser(app);
    expect(fresh.id).toBeTruthy();
    expect((await clients[0].keys('rl:*')).length).toBeGreaterThan(0);
  }, 90_000);

  it('keeps live sessions going through an outage: a join answers with presence, events reach this process', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const sessionId = await newSession(a, app);
    const socket = ioClient(base, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: TEST_ORIGIN, cookie: a.cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    try {
      await server.stop();
      await expect.poll(async () => (await ready(app)).redis, { timeout: 10_000 }).toBe('degraded');
      // Presence asks the other processes through Redis: without it, this process's sockets answer at once.
      const joined = await new Promise<{ ok: boolean; userIds?: string[] }>((r) => socket.emit('session:join', { sessionId }, r));
      expect(joined.ok).toBe(true);
      expect(joined.userIds).toContain(a.id);
      // The partner's answer reaches a's socket (a's own answers are not echoed to a).
      const answered = new Promise((r) => socket.once('session:answered', r));
      const res = await post(app, `/api/sessions/${sessionId}/answers`, { answer: 'a' }, b.cookie);
      expect(res.statusCode).toBeLessThan(300);
      await answered;
    } finally {
      socket.disconnect();
      await server.start();
    }
  }, 60_000);

  it("gives Socket.IO's adapter connections that live through an outage", async () => {
    const warned: string[] = [];
    const { pub, sub } = adapterConnections(clients[0], { info: () => {}, warn: (_obj, msg) => void warned.push(msg) });
    clients.push(pub, sub);
    const heard: string[] = [];
    sub.on('message', (_channel: string, message: string) => void heard.push(message));
    await sub.subscribe('twogether:test');

    await server.stop();
    // The adapter never handles a failed publish: it must not reject (an unhandled rejection ends the process).
    expect(await pub.publish('twogether:test', 'while away')).toBe(0);
    expect(warned).toHaveLength(1);
    await server.start();
    await expect
      .poll(
        async () => {
          await pub.publish('twogether:test', 'back');
          return heard;
        },
        { timeout: 15_000 },
      )
      .toContain('back');
    expect(heard).not.toContain('while away');
  }, 60_000);
});
