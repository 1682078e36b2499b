import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateFile } from '../../test/global-setup';
import { type Database, openDatabase, queryRows, rowsOf } from './client';
import { PGliteThread, workerExecArgv } from './pglite-thread';

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  day: date('day'),
  data: jsonb('data').$type<{ a: number; b: string[] }>(),
  tags: text('tags').array(),
  score: numeric('score'),
  big: bigint('big', { mode: 'number' }),
  ok: boolean('ok'),
  n: integer('n').notNull().default(0),
});

const create = sql`create table things (
  id serial primary key, email text not null unique, at timestamptz not null, day date, data jsonb, tags text[],
  score numeric, big int8, ok boolean, n integer not null default 0 check (n >= 0))`;

const at = new Date('2026-11-22T10:20:30.456Z');

/** The same work on a database: every kind of value, the drizzle builder, raw statements and errors. */
async function exercise(db: Database['db']) {
  await db.execute(create);
  const inserted = await db
    .insert(things)
    .values([
      { email: 'a@x.y', at, day: '2026-11-22', data: { a: 1, b: ['x'] }, tags: ['one', 'two'], score: '12.50', big: 2 ** 40, ok: true },
      { email: 'b@x.y', at, data: null, tags: [], ok: false },
    ])
    .returning();
  const selected = await db.select().from(things).orderBy(things.id);
  const [{ total }] = await db.select({ total: count() }).from(things);
  const executed = rowsOf(await db.execute(sql`select id, at, data, tags, big, count(*) over () as c, now() > at as later from things order by id`));
  const raw = await queryRows(db, 'select id, at, day, data, tags, score, big, ok, $1::int8 as param, $2::timestamptz as stamp from things order by id', [9007199254740993n, at]);
  // Plain values go to PostgreSQL in one call (pglite-worker.mjs): their text must give what PGlite's serializers give.
  const plain = await queryRows(
    db,
    'select $1::jsonb as j, $2::json as js, $3::boolean as yes, $4::boolean as no, $5::boolean as one, $6::int as i, $7::numeric as n, $8::float8 as f, $9::text as t, $10::int8 as b, $11::uuid as u, $12::timestamptz as ts, $13::text as nothing',
    ['{"a":[1,"x"]}', '"just text"', true, false, 1, 7, 12.5, Infinity, "it's", 12n, '6f1c2a3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b', at.toISOString(), null],
  );
  const errors = await Promise.all(
    [
      db.insert(things).values({ email: 'a@x.y', at }), // unique: 23505
      db.execute(sql`select 'not a number'::int`), // class 22: 22P02
      db.update(things).set({ n: -1 }).where(eq(things.email, 'a@x.y')), // check: 23514
      queryRows(db, 'select * from nowhere', []), // 42P01
      queryRows(db, 'select $1::json', ['not json']), // 22P02, from a plain value
      queryRows(db, 'select $1::int + $2', [1]), // 08P01: a parameter missing
    ].map((p) =>
      p.then(
        () => null,
        (err: Record<string, unknown> & { cause?: Record<string, unknown> }) => {
          const e = err.cause ?? err;
          return { code: e.code, constraint: e.constraint, table: e.table, detail: e.detail, message: e.message, severity: e.severity };
        },
      ),
    ),
  );
  return { inserted, selected, total, executed, raw, plain, errors };
}

let template: Buffer<ArrayBuffer>;
const opened: Database[] = [];
const open = async (worker: boolean) => {
  const database = await openDatabase({ loadDataDir: template, migrate: false, worker });
  opened.push(database);
  return database;
};

beforeAll(() => {
  template = readFileSync(templateFile);
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

describe('PGlite in a worker thread', () => {
  it('answers exactly as PGlite in this thread: values and their types, counts, and PostgreSQL errors with their fields', async () => {
    const [inThread, inWorker] = await Promise.all([open(false), open(true)]);
    const expected = await exercise(inThread.db);
    const actual = await exercise(inWorker.db);
    // toStrictEqual compares classes too: a Date stays a Date, a bigint a bigint, a string a string.
    expect(actual.raw).toStrictEqual(expected.raw);
    expect(actual.raw[0]).toMatchObject({ at, param: 9007199254740993n, data: { a: 1, b: ['x'] }, tags: ['one', 'two'], big: 2 ** 40 });
    expect(actual.errors).toStrictEqual(expected.errors);
    expect(actual.errors.map((e) => e?.code)).toEqual(['23505', '22P02', '23514', '42P01', '22P02', '08P01']);
    expect(actual.plain).toStrictEqual(expected.plain);
    expect(actual.plain[0]).toMatchObject({ j: { a: [1, 'x'] }, js: 'just text', yes: true, no: false, one: true, i: 7, f: Infinity, t: "it's", b: 12, nothing: null });
    expect(actual.errors[0]).toMatchObject({ constraint: 'things_email_key', table: 'things', severity: 'ERROR' });
    const { executed: a, ...restActual } = actual;
    const { executed: b, ...restExpected } = expected;
    expect(restActual).toStrictEqual(restExpected);
    expect(a).toStrictEqual(b);
  });

  it('keeps a transaction on its one connection: commit, rollback with the callback’s own error, savepoints, and queries outside wait for it', async () => {
    const { db } = await open(true);
    const thread = (db as unknown as { $client: PGliteThread }).$client;
    await db.execute(create);
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.insert(things).values({ email: 'kept@x.y', at });
      // A statement outside the transaction waits for its end, as on PGlite's one connection. The thread posts it
      // before query() returns, so the worker has it before the transaction's next statement: once that one is
      // answered, an outside statement that did not wait would have been answered (and counted) already.
      outside = thread.query<{ total: number }>('select count(*)::int as total from things').then(({ rows: [r] }) => order.push(`outside saw ${r.total}`));
      await tx.execute(sql`select 1`);
      order.push('transaction ends');
      // A savepoint rolled back keeps the rest of the transaction.
      await tx
        .transaction(async (sp) => {
          await sp.insert(things).values({ email: 'gone@x.y', at });
          throw new Error('undo the savepoint');
        })
        .catch(() => {});
    });
    await outside;
    expect(order).toEqual(['transaction ends', 'outside saw 1']);

    const failure = new Error('the callback failed');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(things).values({ email: 'rolled-back@x.y', at });
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(things).values({ email: 'rolled-back-too@x.y', at });
        tx.rollback();
      }),
    ).rejects.toThrow('Rollback');
    // A failed statement aborts the transaction: COMMIT rolls it back and says so.
    await expect(
      db.transaction(async (tx) => {
        await tx
          .insert(things)
          .values({ email: 'kept@x.y', at })
          .catch(() => {});
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect((await db.select({ email: things.email }).from(things)).map((r) => r.email)).toEqual(['kept@x.y']);
  });

  it('runs the migrations on an empty database, and dumps one that loads again', async () => {
    const fresh = await openDatabase({ inMemory: true, worker: true });
    opened.push(fresh);
    const tables = async (db: Database['db']) =>
      rowsOf<{ name: string }>(await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`)).map((r) => r.name);
    const migrated = await tables(fresh.db);
    expect(migrated).toEqual(await tables((await open(false)).db));

    const thread = await PGliteThread.start({ loadDataDir: template });
    try {
      await thread.query('create table kept (note text)');
      await thread.query("insert into kept values ('dumped')");
      const copy = await openDatabase({ loadDataDir: Buffer.from(await thread.dumpDataDir()), migrate: false, worker: true });
      opened.push(copy);
      expect(rowsOf(await copy.db.execute(sql`select note from kept`))).toEqual([{ note: 'dumped' }]);
    } finally {
      await thread.close();
    }
  }, 90_000); // a database made from nothing (initdb) takes seconds on a busy machine

  it('keeps a folder on disk across a restart, locked while open', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'twogether-pglite-thread-'));
    try {
      const first = await openDatabase({ dataDir, worker: true });
      await first.db.execute(sql`create table kept (note text)`);
      await first.db.execute(sql`insert into kept values ('on disk')`);
      // The lock is this process's, as with PGlite in this thread (lock.test.ts tests the refusal).
      expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      await first.close();
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
      const again = await openDatabase({ dataDir, worker: true });
      expect(rowsOf(await again.db.execute(sql`select note from kept`))).toEqual([{ note: 'on disk' }]);
      await again.close();
      await expect(again.db.execute(sql`select 1`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses what cannot cross threads instead of answering differently', async () => {
    const thread = await PGliteThread.start({ loadDataDir: template });
    try {
      await expect(thread.query('select now()', [], { parsers: { 1184: (v: string) => new Date(v) } })).rejects.toThrow(/cannot cross threads/);
      await expect(thread.query('select 1', [], { onNotice: () => {} })).rejects.toThrow(/onNotice is not supported/);
      await expect(thread.query('select $1::text', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
      expect((await thread.query('select now()::text as t', [], { parsers: { 1184: (v: string) => v } })).rows).toHaveLength(1);
    } finally {
      await thread.close();
    }
  });

  it('fails with PGlite’s own error when the database cannot be opened, and ends the thread', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'twogether-pglite-thread-')), 'a-file');
    writeFileSync(file, 'not a folder');
    try {
      await expect(PGliteThread.start({ dataDir: file })).rejects.toThrow();
    } finally {
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('passes profiling and memory flags to the thread, never module loaders', () => {
    expect(workerExecArgv(['--import', 'tsx', '--cpu-prof', '--cpu-prof-dir=/tmp/p', '--max-old-space-size=512', '--max-semi-space-size=2', '--require', 'x'])).toEqual([
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/p',
      '--max-old-space-size=512',
    ]);
    expect(workerExecArgv(['--cpu-prof-dir', '/tmp/p', '--import=tsx'])).toEqual(['--cpu-prof-dir', '/tmp/p']);
  });
});
