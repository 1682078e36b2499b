import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_ORIGIN, clientFor, createTestApp } from '../../test/app';
import { closeRedis, connectRedis } from '../cache/redis';
import { receiptJob } from '../modules/payments/receipt';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const scrape = (t: TestApp, authorization?: string) => t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample in Prometheus's text format: `name{labels} value`, the labels as written by prom-client. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}
const families = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));

/** Log lines written to memory, parsed. */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk, _encoding, next) => void (lines.push(JSON.parse(String(chunk))), next()) });
  return { lines, stream: { write: (line: string) => void stream.write(line) } };
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is an unknown address: the same 404 as any other, even with a token', async () => {
    const unknown = await t.app.inject({ url: '/no-such-address' });
    const metrics = await scrape(t, `Bearer ${TOKEN}`);
    expect(unknown.statusCode).toBe(404);
    expect([metrics.statusCode, metrics.json()]).toEqual([unknown.statusCode, unknown.json()]);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let socket: Socket | undefined;
  const log = memoryLog();
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT: 'false', LOG_LEVEL: 'debug' }, {}, { logStream: log.stream });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    socket?.disconnect();
    await t.close();
  });

  it('answers 401 in the app’s error shape without the token, with another token or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-kind-0123', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const res = await scrape(t, authorization);
      expect([authorization, res.statusCode, res.json()]).toEqual([authorization, 401, { error: { code: 'UNAUTHORIZED', message: expect.any(String) } }]);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves every family in Prometheus’s text format to the bearer of the token', async () => {
    // A job waiting in its queue (an hour ahead), before the first scrape reads the queues.
    await t.app.jobs.send(receiptJob, { purchaseId: randomUUID() }, { startAt: new Date(Date.now() + 3_600_000) });
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const found = families(res.body);
    const database = t.database.kind === 'postgres' ? ['twogether_db_pool_waiting', 'twogether_db_pool_connections', 'twogether_db_pool_idle'] : ['twogether_db_pglite_queue'];
    for (const family of [
      'twogether_http_request_duration_seconds',
      'twogether_answers_total',
      'twogether_sockets_connected',
      'twogether_session_rooms',
      'nodejs_eventloop_lag_seconds',
      'twogether_job_queue_depth',
      'twogether_metrics_collect_errors_total',
      ...database,
    ]) {
      expect(found, family).toContain(family);
    }
    expect(sample(res.body, 'twogether_job_queue_depth', 'queue="mail.receipt"')).toBe(1);
    // No Redis configured: no Redis gauge (its own test below has one that is down).
    expect(found).not.toContain('twogether_redis_connected');
    if (t.database.kind === 'postgres') {
      expect(sample(res.body, 'twogether_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(res.body, 'twogether_db_pool_waiting')).toBe(0);
    } else {
      expect(sample(res.body, 'twogether_db_pglite_queue')).toBeGreaterThanOrEqual(0);
    }
  });

  it('labels a request with its route’s pattern, never the address, and one label for every unmatched address', async () => {
    const id = randomUUID();
    await t.app.inject({ url: `/api/sessions/${id}` }); // signed out: 401, counted all the same
    await t.app.inject({ url: `/api/no-such-thing/${id}` });
    const { body } = await scrape(t, `Bearer ${TOKEN}`);
    expect(sample(body, 'twogether_http_request_duration_seconds_count', 'method="GET",route="/api/sessions/:id",status_code="401"')).toBe(1);
    expect(sample(body, 'twogether_http_request_duration_seconds_count', 'method="GET",route="unmatched",status_code="404"')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'twogether_http_request_duration_seconds_bucket', 'le="+Inf",method="GET",route="/api/sessions/:id",status_code="401"')).toBe(1);
    expect(body).not.toContain(id);
  });

  it('counts the answers recorded, and the sockets and session rooms open on this process', async () => {
    const api = clientFor(t.app);
    const [a, b] = [await api.signUp(), await api.signUp()];
    await api.linkPartners(a, b);
    const sessionId = await api.createSession(a);
    await api.answer(sessionId, 'a', { as: a });
    await api.answer(sessionId, 'b', { as: b });

    const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: TEST_ORIGIN, cookie: a.cookie } });
    await new Promise<void>((resolve, reject) => socket!.once('connect', () => resolve()).once('connect_error', reject));
    const joined = await new Promise<{ ok: boolean }>((resolve) => socket!.emit('session:join', { sessionId }, resolve));
    expect(joined.ok).toBe(true);

    const { body } = await scrape(t, `Bearer ${TOKEN}`);
    expect(sample(body, 'twogether_answers_total', 'game="would_you_rather"')).toBe(2);
    expect(sample(body, 'twogether_answers_total', 'game="emoji_movie"')).toBe(0);
    expect(sample(body, 'twogether_sockets_connected')).toBe(1);
    expect(sample(body, 'twogether_session_rooms')).toBe(1);
  });

  it('gives each request an id: a safe X-Request-Id as it came, else a new one; echoed back and in its log line', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-4f2a9c.17' } });
    const made = await t.app.inject({ url: '/api/health' });
    const refused = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a"b {} <script>' } });
    const tooLong = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'x'.repeat(65) } });
    expect(kept.headers['x-request-id']).toBe('lb-4f2a9c.17');
    for (const res of [made, refused, tooLong]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(new Set([made, refused, tooLong].map((r) => r.headers['x-request-id'])).size).toBe(3);
    const completed = log.lines.filter((l) => l.msg === 'request completed' && (l.req as { url?: string })?.url === '/api/health');
    expect(completed.map((l) => l.reqId)).toEqual([kept, made, refused, tooLong].map((r) => r.headers['x-request-id']));
  });
});

describe('GET /metrics while Redis is down', () => {
  let redis: Redis;
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the client keeps failing to connect, as during an outage (decision 013).
    redis = await connectRedis('redis://127.0.0.1:1');
    t = await createTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT: 'false' }, {}, { redis });
  });
  afterAll(async () => {
    await t.close();
    await closeRedis(redis);
  });

  it('still answers 200, with Redis at 0', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(sample(res.body, 'twogether_redis_connected')).toBe(0);
  });
});
