import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestUser, createTestApp, createUser, freeLevelId, linkPartners, post } from '../../test/app';
import { rowsOf } from './client';

/**
 * PostgreSQL ending every connection of the app (pg_terminate_backend, as a restart or a failover does): the
 * pool must come back by itself, and no request may answer 5xx for it.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;
let dbName: string;

let adminClient: pg.Client;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  a = await createUser(t.app);
  b = await createUser(t.app);
  await linkPartners(t.app, a, b);
  dbName = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`))[0].name;
  // Connected once: the requests must follow the termination at once, as a user's would after a failover.
  adminClient = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await adminClient.connect();
});
afterAll(async () => {
  await adminClient?.end();
  await t?.close();
});

const admin = async <T>(text: string, params: unknown[] = []) => (await adminClient.query(text, params)).rows as T[];

/** The app's backends right now. */
const backends = () => admin<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName]).then((rows) => rows.map((r) => r.pid));
const terminateAll = () => admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);

/** Reads that always reach the database (/api/me loads the profile; the session cache is per cookie only). */
const reads = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => t.app.inject({ url: '/api/me', headers: { cookie: (i % 2 ? a : b).cookie } })));

describe('a dropped PostgreSQL connection', () => {
  it('is recovered by the pool with no 5xx, for idle connections and for connections in use', async () => {
    // Fill the pool with connections, so that many idle ones are dead at once.
    expect((await reads(20)).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const before = await backends();
    expect(before.length).toBeGreaterThan(5);

    await terminateAll();
    const afterIdle = await reads(20);
    expect(afterIdle.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(afterIdle[0].json().user.id).toBe(b.id);

    // Terminated while the statements are running.
    const [inFlight] = await Promise.all([reads(20), terminateAll()]);
    expect(inFlight.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    // The old backends are gone and the app works on new ones: writes (transactions included) and reads.
    await expect.poll(async () => (await backends()).filter((pid) => before.includes(pid))).toEqual([]);
    const created = await post(t.app, '/api/sessions', { levelId: await freeLevelId(t.app, a) }, a.cookie);
    expect(created.statusCode).toBe(201);
    const dashboard = await t.app.inject({ url: '/api/dashboard', headers: { cookie: b.cookie } });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().recent.map((s: { id: string }) => s.id)).toContain(created.json().session.id);
  });

  it('gives back a transaction whose connection died before it began, so the pool never runs dry', async () => {
    // Each of these takes a dead connection for a transaction (linking partners runs one): more than the pool holds.
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    await reads(20);
    for (let round = 0; round < 3; round++) {
      await terminateAll();
      await Promise.all(Array.from({ length: 25 }, () => t.database.db.transaction(async (tx) => tx.execute(sql`select 1`)).catch(() => undefined)));
    }
    // Were any slot still held by a dead client, the pool (20) would be exhausted and these would time out.
    await linkPartners(t.app, users[0], users[1]);
    await linkPartners(t.app, users[2], users[3]);
    expect((await reads(20)).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });
});
