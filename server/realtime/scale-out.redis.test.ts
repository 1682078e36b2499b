import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, fetchTransport } from '../../test/api-client';
import type { SessionUpdatedEvent } from '@core/contracts/sessions';

/**
 * Two server processes on one PostgreSQL and one Redis, as behind a load balancer: a partner connected to
 * process 2 hears what the host does through process 1, and presence spans both.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL!;
const dbName = `twogether_s_${randomBytes(5).toString('hex')}`;
const secret = randomBytes(32).toString('base64url');
const procs: ChildProcess[] = [];
let urls: string[] = [];
let origin = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function startProcess(port: number, dbUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      AUTH_SECRET: secret,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  procs.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

beforeAll(async () => {
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is needed for the scale-out test');
  await admin(`create database ${dbName}`);
  const dbUrl = new URL(databaseUrl);
  dbUrl.pathname = `/${dbName}`;
  const ports = [await freePort(), await freePort()];
  origin = `http://localhost:${ports[0]}`;
  urls = await Promise.all(ports.map((p) => startProcess(p, dbUrl.toString())));
}, 120_000);

afterAll(async () => {
  for (const p of procs) p.kill('SIGTERM');
  await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode === null ? p.once('exit', r) : r(null)))));
  await admin(`drop database if exists ${dbName} with (force)`);
}, 60_000);

/** The shared test client on one process; every request carries the APP_URL origin, as the browser's would. */
const client = (base: string) => new ApiClient(fetchTransport(base, origin));
const signUp = (base: string, name: string) => client(base).signUp({ username: name });

function connect(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, { transports: ['websocket'], reconnection: false, extraHeaders: { origin, cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const join = (socket: Socket, sessionId: string) => new Promise<{ ok: boolean; userIds?: string[] }>((resolve) => socket.emit('session:join', { sessionId }, resolve));

describe('two processes behind one Redis', () => {
  it('carries answers, moves and presence from one process to the other', async () => {
    const [p1, p2] = urls;
    const host = await signUp(p1, 'host');
    const partner = await signUp(p2, 'partner');
    await client(p2).acceptInviteLink(await client(p1).createInviteLink(host), partner);
    const sessionId = await client(p1).createSession(host);

    const [hostSocket, partnerSocket] = await Promise.all([connect(p1, host.cookie), connect(p2, partner.cookie)]);
    try {
      await join(hostSocket, sessionId);
      const joined = await join(partnerSocket, sessionId);
      expect(joined.userIds?.sort()).toEqual([host.id, partner.id].sort());

      const answered = new Promise<{ userId: string }>((r) => partnerSocket.once('session:answered', r));
      await client(p1).answer(sessionId, 'a', { as: host });
      expect((await answered).userId).toBe(host.id);

      await client(p2).answer(sessionId, 'b', { as: partner });
      const moved = new Promise<SessionUpdatedEvent>((r) => partnerSocket.once('session:updated', r));
      await client(p1).move(sessionId, 'next', { as: host });
      expect((await moved).live.session.currentIndex).toBe(1);

      const presence = new Promise<{ userIds: string[] }>((r) => hostSocket.once('session:presence', r));
      partnerSocket.emit('session:leave', { sessionId });
      expect((await presence).userIds).toEqual([host.id]);
    } finally {
      hostSocket.disconnect();
      partnerSocket.disconnect();
    }
  }, 60_000);

  it("keeps each process's caches honest: a sign-out or a partner's new session on one is seen by the other", async () => {
    const [p1, p2] = urls;
    const a = await signUp(p1, 'alex');
    const b = await signUp(p2, 'blair');
    await client(p2).acceptInviteLink(await client(p1).createInviteLink(a), b);

    // Both processes have seen (and cached) a's session and a's dashboard.
    const wyrCount = async (base: string) => (await client(base).dashboard(a)).counts.would_you_rather;
    for (const base of urls) expect(await wyrCount(base)).toBe(0);
    await client(p2).createSession(b);
    // Redis pub/sub delivers in about a millisecond; the poll allows a loaded machine its time.
    await expect.poll(() => wyrCount(p1), { timeout: 5_000 }).toBe(1);

    await client(p1).signOut(a);
    await expect.poll(async () => (await client(p2).me(a)).user, { timeout: 5_000 }).toBeNull();
    expect((await client(p2).send('GET', '/api/dashboard', { as: a })).status).toBe(401);
  }, 60_000);

  it('disconnects, in every process, the sockets of a login session that ended in another', async () => {
    const [p1, p2] = urls;
    const user = await signUp(p1, 'casey');
    const socket = await connect(p2, user.cookie);
    const seen: string[] = [];
    socket.onAny((event) => seen.push(event));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await client(p1).signOut(user);
    expect(await closed).toBe('io server disconnect');
    expect(seen).toEqual([]);
    await expect(connect(p2, user.cookie)).rejects.toThrow();
  }, 60_000);
});
