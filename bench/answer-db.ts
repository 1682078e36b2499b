/**
 * The answer's database call alone (issue 13): `submit_answer` through the app's own database layer, without HTTP or
 * sockets, beside the cheapest statement through the same layer (`select $1::int`), in the same run. What an answer
 * costs the database is the difference; what a change to `submit_answer` saves shows here in seconds, where the
 * realtime measure takes minutes and its noise hides a tenth of a millisecond.
 *
 * - PGlite: in its worker thread, as the app runs it, on a scratch folder; the process's CPU counts both threads.
 * - PostgreSQL (BENCH_DATABASE_URL): in a scratch database; the client's CPU (node-postgres) and the server's (every
 *   `postgres` process on this machine, from /proc: the backend, the WAL writer) are counted apart.
 *
 * Each of SESSIONS sessions is answered once by each member, one call at a time (no queueing in the figures), the
 * first tenth unmeasured. `VARIANT=file.sql` replaces `submit_answer` before measuring, to compare a rewrite.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../server/db/client';
import { loadContent } from '../server/modules/content/loader';
import { postgresBench } from './fixtures';
import { readCpuMs, row, type Row } from './lib';
import type { BenchContext } from './run';

const SESSIONS = 1_000;
const STATEMENT_BASELINE_CALLS = 2_000;

const log = (msg: string) => console.error(`[bench] answer-db: ${msg}`);

/** CPU time (ms) of every PostgreSQL server process on this machine, from /proc: the backend's share of the work. */
function postgresCpuMs(): number {
  const isPostgres = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false; // ended meanwhile
    }
  };
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && isPostgres(d))
    .reduce((ms, pid) => ms + (readCpuMs(Number(pid)) ?? 0), 0);
}

interface Cost {
  calls: number;
  /** This process's CPU per call (every thread: PGlite's included). */
  clientMs: number;
  /** The PostgreSQL server's CPU per call; null on PGlite. */
  serverMs: number | null;
  wallMs: number;
}

async function measure(database: Database, calls: (() => Promise<unknown>)[]): Promise<Cost> {
  const warm = Math.floor(calls.length / 10);
  for (const call of calls.slice(0, warm)) await call();
  const measured = calls.slice(warm);
  const server0 = database.kind === 'postgres' ? postgresCpuMs() : 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const call of measured) await call();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const n = measured.length;
  return {
    calls: n,
    clientMs: (cpu.user + cpu.system) / 1000 / n,
    serverMs: database.kind === 'postgres' ? (postgresCpuMs() - server0) / n : null,
    wallMs: wallMs / n,
  };
}

/** SESSIONS sessions of a free Would You Rather level, each with its two members, written straight into the tables. */
async function seed(database: Database) {
  const { db } = database;
  await loadContent(db);
  const [level] = await queryRows<{ id: string; item: string }>(
    db,
    `select l.id, (select i.id from items i where i.level_id = l.id order by i.position limit 1) as item
       from levels l join categories c on c.id = l.category_id where c.game = 'would_you_rather' order by c.position, l.number limit 1`,
    [],
  );
  const tag = `adb${Date.now().toString(36)}`;
  const rooms = Array.from({ length: SESSIONS }, (_, i) => ({ id: randomUUID(), host: `${tag}h${i}`, guest: `${tag}g${i}` }));
  await queryRows(db, `insert into users (id, email, username, partner_id) select u, u || '@bench.test', u, null from unnest($1::text[]) as u`, [
    rooms.flatMap((r) => [r.host, r.guest]),
  ]);
  await queryRows(db, `update users u set partner_id = p.partner from unnest($1::text[], $2::text[]) as p(id, partner) where u.id = p.id`, [
    rooms.flatMap((r) => [r.host, r.guest]),
    rooms.flatMap((r) => [r.guest, r.host]),
  ]);
  await queryRows(
    db,
    `insert into game_sessions (id, game, level_id, creator_id, guest_id)
       select s.id, 'would_you_rather', $1, s.host, s.guest from unnest($2::uuid[], $3::text[], $4::text[]) as s(id, host, guest)`,
    [level.id, rooms.map((r) => r.id), rooms.map((r) => r.host), rooms.map((r) => r.guest)],
  );
  return { rooms, item: level.item };
}

async function costs(database: Database): Promise<{ answer: Cost; statement: Cost }> {
  const { db } = database;
  const { rooms, item } = await seed(database);
  if (process.env.VARIANT) {
    log(`submit_answer replaced by ${process.env.VARIANT}`);
    await db.execute(sql.raw(readFileSync(process.env.VARIANT, 'utf8')));
  }
  const statement = await measure(
    database,
    Array.from({ length: STATEMENT_BASELINE_CALLS }, (_, i) => () => queryRows(db, 'select $1::int as n', [i])),
  );
  const answer = await measure(
    database,
    rooms.flatMap((r) =>
      [r.host, r.guest].map((user) => async () => {
        const [result] = await queryRows<{ outcome: string }>(db, 'select * from submit_answer($1::uuid, $2, $3::uuid, $4::jsonb, $5::boolean)', [r.id, user, item, '"a"', false]);
        if (result.outcome !== 'ok') throw new Error(`submit_answer said ${result.outcome}`);
      }),
    ),
  );
  return { answer, statement };
}

const fmt = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(3)} ms`);

function rowsOf(kind: string, { answer, statement }: { answer: Cost; statement: Cost }): Row[] {
  const total = (c: Cost) => c.clientMs + (c.serverMs ?? 0);
  const detail = (c: Cost) =>
    `${c.calls} calls, one at a time: ${kind === 'PGlite' ? 'process CPU (both threads)' : `client CPU ${fmt(c.clientMs)} + server CPU ${fmt(c.serverMs)}`}, wall ${fmt(c.wallMs)} per call`;
  return [
    row(
      `answer, database alone: CPU per call (${kind})`,
      'ms',
      total(answer),
      total(statement),
      null,
      `submit_answer (${detail(answer)}) beside \`select $1::int\` through the same layer (${detail(statement)})`,
    ),
  ];
}

/** One database's row, or a failed row: a failure on one does not take the other's figures with it. */
async function rowsFor(kind: string, open: () => Promise<Database>): Promise<Row[]> {
  try {
    const database = await open();
    try {
      return rowsOf(kind, await costs(database));
    } finally {
      await database.close();
    }
  } catch (err) {
    log(`${kind} failed: ${(err as Error).stack ?? err}`);
    return [row(`answer, database alone (${kind}): FAILED`, '', null, null, null, (err as Error).message.split('\n')[0])];
  }
}

export async function measureAnswerDb(ctx: BenchContext): Promise<Row[]> {
  log(`PGlite in its worker thread: ${SESSIONS} sessions, two answers each`);
  const rows = await rowsFor('PGlite', () => openDatabase({ dataDir: path.join(ctx.tmpDir, 'answer-db') }));
  const scratch = postgresBench(ctx.tmpDir);
  if (scratch) {
    // The run's scratch database (dropped at its end), shared with the realtime measures; these players are its own.
    log(`PostgreSQL: ${SESSIONS} sessions, two answers each`);
    // Two connections: the migration holds one for its lock while it migrates on the other; the calls use one at a time.
    rows.push(...(await rowsFor('PostgreSQL', async () => openDatabase({ url: (await scratch).url, poolSize: 2 }))));
  }
  return rows;
}
