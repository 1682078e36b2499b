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
 *
 * A third figure answers the other half of the same sessions as a TypeScript transaction of the statements
 * `submit_answer` runs on a live session (`tsAnswer`): the alternative to one source file of SQL functions that
 * issue 33 asked to measure (docs/decisions/052-engine-rules-one-home.md).
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

const SESSIONS = 2_000;
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

/**
 * The live answer of `submit_answer` as a TypeScript transaction, statement by statement: the seat with the session
 * row locked, the current item, the member's stored answer, the upsert, the version, the other member's answer.
 * Only what a first answer on a live session needs (no own pace, no replay): the cheapest such rewrite could be.
 */
async function tsAnswer(database: Database, sessionId: string, userId: string, answer: string) {
  return database.db.transaction(async (tx) => {
    const run = async <T>(text: string, params: unknown[]) => (await tx.execute(sql.raw(bind(text, params)))) as unknown as { rows: T[] };
    const {
      rows: [s],
    } = await run<{ creator_id: string; guest_id: string; partner_id: string; status: string; current_index: number; level_id: string; item_order: string[] | null }>(
      `select gs.creator_id, gs.guest_id, u.partner_id, gs.status, gs.current_index, gs.level_id, gs.item_order
         from game_sessions gs join users u on u.id = gs.creator_id where gs.id = $1 for update of gs`,
      [sessionId],
    );
    if (!s || s.status !== 'active' || (userId !== s.creator_id && userId !== s.guest_id)) throw new Error('not seated');
    const other = userId === s.creator_id ? s.guest_id : s.creator_id;
    const {
      rows: [item],
    } = await run<{ id: string }>(
      `select i.id from items i where i.level_id = $1
         order by array_position((select gs.item_order from game_sessions gs where gs.id = $2), i.id) nulls last, i.position offset $3 limit 1`,
      [s.level_id, sessionId, s.current_index],
    );
    await run(`select r.answer from responses r where r.session_id = $1 and r.item_id = $2 and r.user_id = $3`, [sessionId, item.id, userId]);
    await run(
      `insert into responses as r (session_id, item_id, user_id, answer, created_at, updated_at) values ($1, $2, $3, $4::jsonb, now(), now())
         on conflict (session_id, item_id, user_id) do update set answer = excluded.answer, updated_at = now()`,
      [sessionId, item.id, userId, answer],
    );
    const {
      rows: [v],
    } = await run<{ version: number }>(`update game_sessions set version = version + 1 where id = $1 returning version`, [sessionId]);
    await run(`select r.answer from responses r where r.session_id = $1 and r.item_id = $2 and r.user_id = $3`, [sessionId, item.id, other]);
    return v.version;
  });
}

/** `$n` replaced by quoted literals: Drizzle's `tx.execute` takes SQL, and the ids here are the bench's own. */
const bind = (text: string, params: unknown[]) => text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replaceAll("'", "''")}'`);

async function costs(database: Database): Promise<{ answer: Cost; statement: Cost; transaction: Cost }> {
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
  const half = rooms.length / 2;
  const answer = await measure(
    database,
    rooms.slice(0, half).flatMap((r) =>
      [r.host, r.guest].map((user) => async () => {
        const [result] = await queryRows<{ outcome: string }>(db, 'select * from submit_answer($1::uuid, $2, $3::uuid, $4::jsonb, $5::boolean, $6::timestamptz)', [
          r.id,
          user,
          item,
          '"a"',
          false,
          new Date().toISOString(),
        ]);
        if (result.outcome !== 'ok') throw new Error(`submit_answer said ${result.outcome}`);
      }),
    ),
  );
  const transaction = await measure(
    database,
    rooms.slice(half).flatMap((r) => [r.host, r.guest].map((user) => () => tsAnswer(database, r.id, user, '"a"'))),
  );
  return { answer, statement, transaction };
}

const fmt = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(3)} ms`);

function rowsOf(kind: string, { answer, statement, transaction }: { answer: Cost; statement: Cost; transaction: Cost }): Row[] {
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
    row(
      `answer as a TypeScript transaction: CPU per call (${kind})`,
      'ms',
      total(transaction),
      total(answer),
      null,
      `the same answer as seven statements in a transaction (${detail(transaction)}) beside one call of submit_answer`,
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
