/**
 * The realtime measures' couples and sessions, made once per run and shared by the measures that need them
 * (realtime, ceiling, sockets10k): setting up thousands of players costs minutes, measuring them seconds.
 *
 * - On the PGlite app (the run's `ctx.app`), through the API: sign-up, partner link, session.
 * - On PostgreSQL (BENCH_DATABASE_URL), in a scratch database of this run, dropped at the end: the players, their
 *   accounts and their login sessions are written straight into the tables (a sign-up hashes a password with argon2,
 *   and 10,000 of them would take longer than every measure together), the cookie signed as Better Auth signs it
 *   with the apps' AUTH_SECRET and checked against the app before use; sessions are made through the API.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error: a plain ESM script without types
import { newestMtime, PRODUCTION, readStamp, rebuildReason } from '../scripts/build-stamp.mjs';
import { type AppTarget, type BenchUser, clientOf, createSession, linkCouple, openLevelId, signUp } from './api';
import { mapLimit, repoRoot, runCommand, type Server, stopProcess } from './lib';
import { startApp } from './startup';

export interface Room {
  sessionId: string;
  host: BenchUser;
  partner: BenchUser;
}

const log = (msg: string) => console.error(`[bench] fixtures: ${msg}`);

/** Sign-ups hash with argon2: 2,000 of them take minutes. Past this budget a measure goes on with the sessions it has. */
const API_SETUP_BUDGET_MS = 4 * 60_000;
const API_SETUP_CONCURRENCY = 8;
const SESSION_CONCURRENCY = 16;
const SEED_BATCH = 1_000;

const apiRooms = new Map<string, Room[]>();
const levelIds = new Map<string, string>();

/**
 * At least `count` rooms on this app if the budget allows (fewer when it ran out): linked couples with one session
 * each, made through the API, SETUP_CONCURRENCY couples at a time. Kept for the run: a later call reuses them.
 */
export async function roomsThroughApi(app: AppTarget, count: number): Promise<Room[]> {
  const rooms = apiRooms.get(app.url) ?? [];
  apiRooms.set(app.url, rooms);
  if (rooms.length >= count) return rooms.slice(0, count);
  const deadline = performance.now() + API_SETUP_BUDGET_MS;
  const from = rooms.length;
  const prefix = `rt${Date.now().toString(36)}`;
  log(`${prefix}: signing up ${(count - rooms.length) * 2} users (${API_SETUP_CONCURRENCY} couples at a time), linking them, one session per couple`);
  const start = performance.now();
  const couple = async (i: number) => {
    const host = await signUp(app, `${prefix}-${i}a`);
    const partner = await signUp(app, `${prefix}-${i}b`);
    await linkCouple(app, host, partner);
    return { host, partner };
  };
  let next = 0;
  const made = async () => {
    const c = await couple(next++);
    return { ...c, levelId: levelIds.get(app.url) ?? (await openLevelId(app, c.host)) };
  };
  const first = await made(); // alone: it finds the level
  levelIds.set(app.url, first.levelId);
  rooms.push({ host: first.host, partner: first.partner, sessionId: await createSession(app, first.host, first.levelId) });
  const every = Math.max(1, Math.round(count / 10));
  const worker = async () => {
    while (next < count - from && performance.now() < deadline) {
      const c = await made();
      rooms.push({ host: c.host, partner: c.partner, sessionId: await createSession(app, c.host, c.levelId) });
      if (rooms.length % every === 0) log(`${prefix}: ${rooms.length}/${count} sessions (2 users each) set up`);
    }
  };
  await Promise.all(Array.from({ length: API_SETUP_CONCURRENCY }, worker));
  log(`${rooms.length} sessions on ${app.url} after ${Math.round((performance.now() - start) / 1000)} s`);
  return rooms.slice(0, count);
}

/** `npm start` builds in its own process when the sources are newer than the build: build first, outside any measure (scripts/start.mjs's check). */
export async function buildIfStale(): Promise<void> {
  const sources = ['server', 'core', 'web', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.base.json'].map((s) => path.join(repoRoot, s));
  const reason = rebuildReason({
    stamp: readStamp(path.join(repoRoot, 'dist/.build-stamp')),
    bundleExists: existsSync(path.join(repoRoot, 'dist/server/main.mjs')),
    newestSourceMs: Math.max(0, ...sources.filter((s) => existsSync(s)).map((s) => newestMtime(s) as number)),
    mode: PRODUCTION,
  });
  if (!reason) return;
  log(`${reason} (node scripts/build.mjs, outside the measure)`);
  const build = await runCommand(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, timeoutMs: 5 * 60_000 });
  if (build.code !== 0) throw new Error(`build failed:\n${build.output.slice(-1500)}`);
}

/** Like Better Auth's ids and tokens: 32 letters and digits. */
const randomId = () => randomBytes(32).toString('base64url').replace(/[-_]/g, '').slice(0, 32).padEnd(32, '0');

/** The cookie Better Auth reads: the token, a dot, its HMAC-SHA256 under the secret in base64, URL-encoded (better-call's signCookieValue). */
const signedCookie = (name: string, token: string, secret: string) => `${name}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

/** A PostgreSQL database of this run's own, the secret its apps share, and the couples seeded into it. */
export class PostgresBench {
  readonly authSecret = randomBytes(32).toString('base64url');
  private readonly rooms: Room[] = [];
  private seed?: { hash: string; cookieName: string; prefix: string; levelId?: string };
  private starts = 0;

  private constructor(
    readonly url: string,
    private readonly adminUrl: string,
    private readonly name: string | null,
    private readonly tmpDir: string,
  ) {}

  /** A scratch database on BENCH_DATABASE_URL's server (leftovers of a crashed run dropped first); the given database itself when one cannot be created. */
  static async open(baseUrl: string, tmpDir: string): Promise<PostgresBench> {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      // Benches run one at a time (flock /tmp/bench.lock): any scratch database left is a crashed run's.
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'twogether\\_bench\\_%'");
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      const name = `twogether_bench_${Date.now().toString(36)}`;
      await admin.query(`create database "${name}"`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      log(`PostgreSQL: scratch database ${name}`);
      return new PostgresBench(url.toString(), baseUrl, name, tmpDir);
    } catch (err) {
      log(`PostgreSQL: no scratch database (${(err as Error).message}); using ${baseUrl} itself`);
      return new PostgresBench(baseUrl, baseUrl, null, tmpDir);
    } finally {
      await admin.end();
    }
  }

  /**
   * One app process on this database (the first start migrates it). `env` adds REDIS_URL or a shared APP_URL;
   * every process gets this database's AUTH_SECRET, so every seeded cookie is good on all of them.
   */
  async startApp(opts: { env?: Record<string, string>; manySockets?: boolean } = {}): Promise<Server> {
    await buildIfStale();
    const dataDir = path.join(this.tmpDir, `pg-app-${++this.starts}`);
    return startApp({ dataDir, databaseUrl: this.url, env: { AUTH_SECRET: this.authSecret, ...opts.env }, manySockets: opts.manySockets });
  }

  /**
   * The first `count` rooms, seeding the missing ones through an app process of their own, stopped before any
   * measure: the setup's garbage never weighs on a measured process's heap or RSS.
   */
  async roomsFor(count: number): Promise<Room[]> {
    if (this.rooms.length >= count) return this.rooms.slice(0, count);
    const seeder = await this.startApp();
    try {
      return await this.seedThrough({ url: seeder.url, origin: `http://localhost:${seeder.port}` }, count);
    } finally {
      await stopProcess(seeder);
    }
  }

  private async seedThrough(app: AppTarget, count: number): Promise<Room[]> {
    const start = performance.now();
    const pool = new pg.Pool({ connectionString: this.url, max: 4 });
    try {
      if (!this.seed) {
        // One real sign-up: its argon2 hash (every seeded player's password is the same) and the cookie's name.
        const prefix = `pg${Date.now().toString(36)}`;
        const first = await signUp(app, `${prefix}-seed`);
        const { rows } = await pool.query<{ password: string }>('select password from accounts where user_id = $1', [first.id]);
        if (!rows[0]?.password) throw new Error('seeding: the signed-up user has no password hash in accounts');
        this.seed = { hash: rows[0].password, cookieName: first.cookie.split('=')[0], prefix };
      }
      const seed = this.seed;
      const from = this.rooms.length;
      log(`PostgreSQL: seeding couples ${from}–${count - 1} (${(count - from) * 2} players, their accounts and login sessions) into the tables`);
      const couples: { host: BenchUser; partner: BenchUser }[] = [];
      for (let batch = from; batch < count; batch += SEED_BATCH) {
        const end = Math.min(count, batch + SEED_BATCH);
        const ids: string[] = [];
        const names: string[] = [];
        const partners: string[] = [];
        const tokens: string[] = [];
        for (let i = batch; i < end; i++) {
          const [a, b] = [randomId(), randomId()];
          ids.push(a, b);
          partners.push(b, a);
          names.push(`${seed.prefix}-${i}a`, `${seed.prefix}-${i}b`);
          tokens.push(randomId(), randomId());
        }
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query(
            "insert into users (id, email, username, email_verified) select id, name || '@example.com', name, false from unnest($1::text[], $2::text[]) as u(id, name)",
            [ids, names],
          );
          await client.query('update users set partner_id = p.partner, linked_at = now() from unnest($1::text[], $2::text[]) as p(id, partner) where users.id = p.id', [
            ids,
            partners,
          ]);
          await client.query(
            "insert into accounts (id, account_id, provider_id, user_id, password) select md5(id || 'account'), id, 'credential', id, $2 from unnest($1::text[]) as u(id)",
            [ids, seed.hash],
          );
          await client.query(
            "insert into auth_sessions (id, token, user_id, expires_at) select md5(token), token, id, now() + interval '30 days' from unnest($1::text[], $2::text[]) as s(id, token)",
            [ids, tokens],
          );
          await client.query('commit');
        } catch (err) {
          await client.query('rollback');
          throw err;
        } finally {
          client.release();
        }
        const user = (k: number): BenchUser => ({ id: ids[k], cookie: signedCookie(seed.cookieName, tokens[k], this.authSecret) });
        for (let k = 0; k < ids.length; k += 2) couples.push({ host: user(k), partner: user(k + 1) });
      }
      // The seeded cookie must be one the app accepts, as the player it names.
      const { user } = await clientOf(app).me(couples[0].host);
      if (user?.id !== couples[0].host.id) throw new Error(`seeding: the app took a seeded cookie for ${user?.id ?? 'nobody'}, not ${couples[0].host.id}`);
      seed.levelId ??= await openLevelId(app, couples[0].host);
      const levelId = seed.levelId;
      const sessionIds = await mapLimit(couples.length, SESSION_CONCURRENCY, (i) => createSession(app, couples[i].host, levelId), {
        what: 'PostgreSQL: sessions',
        timeoutMs: 5 * 60_000,
      });
      couples.forEach((c, i) => this.rooms.push({ ...c, sessionId: sessionIds[i] }));
      log(`PostgreSQL: ${this.rooms.length} couples with a session each, ${Math.round((performance.now() - start) / 1000)} s for these ${couples.length}`);
      return this.rooms.slice(0, count);
    } finally {
      await pool.end();
    }
  }

  /** Drops the scratch database (and ends what is still connected to it). */
  async close(): Promise<void> {
    if (!this.name) return;
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${this.name}" with (force)`);
      log(`PostgreSQL: dropped ${this.name}`);
    } finally {
      await admin.end();
    }
  }
}

let postgres: Promise<PostgresBench> | undefined;

/** This run's PostgreSQL fixture, opened on first use; null without BENCH_DATABASE_URL. */
export function postgresBench(tmpDir: string): Promise<PostgresBench> | null {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return null;
  postgres ??= PostgresBench.open(url, tmpDir);
  return postgres;
}

/** At the end of the run: the scratch database goes. */
export async function closeFixtures(): Promise<void> {
  const pending = postgres;
  postgres = undefined;
  apiRooms.clear();
  levelIds.clear();
  if (pending) await (await pending).close();
}
