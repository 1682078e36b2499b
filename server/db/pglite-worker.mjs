// The embedded database's own thread (docs/decisions/023-pglite-in-a-worker-thread.md): PGlite, WASM that runs
// synchronously, answers here, so the thread serving HTTP and sockets never waits for it. The other side is
// pglite-thread.ts; its header describes the messages. Plain JavaScript because Node 20 runs no TypeScript loader
// in a worker, and this file is copied beside the bundle as it is (scripts/build.mjs).
// The same file runs as a child process (`fork`, its options as the first argument): the one-off work on a new
// or changed folder happens there, and a process that exits gives back all the memory PGlite's WASM grew to
// (docs/decisions/037-lean-local-mode.md).
import { cpSync } from 'node:fs';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { parse as protocolResults, PGlite, protocol } from '@electric-sql/pglite';

const port = parentPort ?? {
  postMessage: (msg) => process.send(msg),
  on: (event, listener) => process.on(event, listener),
  close: () => process.disconnect(), // the channel was all that kept the process alive: it exits
};
// A child whose parent went away has nobody to answer: it stops (PGlite's files are as after a crash).
if (!parentPort) process.once('disconnect', () => process.exit(1));
/** @type {{ dataDir?: string, loadDataDir?: Uint8Array, settings?: string[], v8Flags?: string[] }} */
const { dataDir, loadDataDir, settings, v8Flags } = parentPort ? workerData : JSON.parse(process.argv[2]);
// Before PGlite compiles its WASM, which reads them (they hold for the whole process: the app runs no other WASM).
for (const flag of v8Flags ?? []) v8.setFlagsFromString(flag);

/** Open transactions by the number the other side gave them: PGlite's handle, and how to end its callback. */
const transactions = new Map();
/** Parsers cannot cross threads; Drizzle's keep a type's text as it is. One object per set of type ids. */
const keepText = (value) => value;
const textParsers = new Map();

function parsersFor(oids) {
  const key = oids.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, keepText]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

function optionsOf(msg) {
  if (msg.rowMode === undefined && msg.textTypes === undefined && msg.paramTypes === undefined) return undefined;
  const options = {};
  if (msg.rowMode !== undefined) options.rowMode = msg.rowMode;
  if (msg.textTypes !== undefined) options.parsers = parsersFor(msg.textTypes);
  if (msg.paramTypes !== undefined) options.paramTypes = msg.paramTypes;
  return options;
}

/** What structured clone can carry of an error: PostgreSQL's fields (code, detail, constraint…), never the query's options (functions). */
function plainError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { name: err.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    out[key] = key === 'params' ? safeParams(value) : value;
  }
  return out;
}

function safeParams(params) {
  try {
    return structuredClone(params);
  } catch {
    return undefined;
  }
}

const reply = (id, result) => port.postMessage({ id, result });
const fail = (id, err) => port.postMessage({ id, error: plainError(err) });
const answer = (id, work) =>
  work.then(
    (result) => reply(id, result),
    (err) => fail(id, err),
  );

/** The rows and what describes them; `blob` (COPY … TO) is not used by the app. */
const plainResults = ({ rows, fields, affectedRows, command, rowCount }) => ({ rows, fields, affectedRows, command, rowCount });

/** Values whose text is the same whatever type PostgreSQL gives their parameter (PGlite's serializers agree). */
const plainValue = (value) => value === null || value === undefined || ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
const textOf = (value) => (value === null || value === undefined ? null : typeof value === 'boolean' ? (value ? 't' : 'f') : String(value));

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A statement with parameters in one call into PostgreSQL. PGlite's own query() makes six (Parse; Describe, to
 * learn the parameters' types for its serializers; Bind; Describe; Execute; Sync), each a turn of the WASM and of
 * the protocol parser: most of the answer path's database time (docs/performance.md). When every value is plain (a
 * string, number, boolean or bigint, whose text does not depend on the type), nothing needs the first Describe, and
 * the messages go together as node-postgres sends them. The same locks as query() (any open transaction first, then
 * the connection), and the rows parsed by PGlite's own parseResults.
 */
function queryInOneCall(pg, msg) {
  const wire = concat([
    protocol.serialize.parse({ text: msg.text, types: msg.paramTypes }),
    protocol.serialize.bind({ values: (msg.params ?? []).map(textOf) }),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ]);
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      const { messages } = await pg.execProtocol(wire, { syncToFs: false });
      await pg.syncToFs();
      return protocolResults.parseResults(messages, pg.parsers, optionsOf(msg))[0];
    }),
  );
}

const inOneCall = (msg) => msg.tx === undefined && (msg.params ?? []).every(plainValue);

class Rollback extends Error {}

function begin(pg, msg) {
  let begun = false;
  const ended = pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        transactions.set(msg.tx, { tx, commit: resolve, rollback: reject, endId: undefined });
        begun = true;
        reply(msg.id);
      }),
  );
  ended
    .then(
      () => reply(transactions.get(msg.tx).endId),
      (err) => {
        if (!begun) return fail(msg.id, err);
        const { endId } = transactions.get(msg.tx);
        if (err instanceof Rollback) reply(endId);
        else fail(endId, err);
      },
    )
    .finally(() => transactions.delete(msg.tx));
}

function end(msg) {
  const open = transactions.get(msg.tx);
  if (!open) return fail(msg.id, new Error('Transaction is closed'));
  open.endId = msg.id;
  if (msg.commit) open.commit();
  else open.rollback(new Rollback());
}

/** The transaction's handle when the message belongs to one, else the database itself (which waits for any open transaction). */
function target(pg, msg) {
  if (msg.tx === undefined) return pg;
  const open = transactions.get(msg.tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function dump(pg) {
  const file = await pg.dumpDataDir('gzip');
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The folder's files copied into `into` for a backup (docs/decisions/038-backups.md): a checkpoint writes every
 * committed change into the data files, then the copy is made while no transaction is open and no statement runs.
 * PostgreSQL opens it as after a stop. As client.ts `snapshotFolder` (PGlite in the main thread).
 */
async function snapshot(pg, into) {
  await pg.exec('checkpoint');
  await pg._runExclusiveTransaction(() => pg.runExclusive(async () => cpSync(dataDir, into, { recursive: true, errorOnExist: true, force: false })));
}

async function main() {
  let pg;
  try {
    pg = await PGlite.create({
      dataDir,
      ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
      // startParams replace PGlite's own, which it needs: the settings come on top of them.
      ...(settings?.length ? { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])] } : {}),
    });
  } catch (err) {
    port.postMessage({ id: 0, error: plainError(err) });
    return;
  }
  port.on('message', (msg) => {
    try {
      switch (msg.op) {
        case 'query':
          if (inOneCall(msg)) return answer(msg.id, queryInOneCall(pg, msg).then(plainResults));
          return answer(msg.id, target(pg, msg).query(msg.text, msg.params, optionsOf(msg)).then(plainResults));
        case 'exec':
          return answer(
            msg.id,
            target(pg, msg)
              .exec(msg.text, optionsOf(msg))
              .then((all) => all.map(plainResults)),
          );
        case 'begin':
          return begin(pg, msg);
        case 'end':
          return end(msg);
        case 'dump':
          return answer(msg.id, dump(pg));
        case 'snapshot':
          return answer(msg.id, snapshot(pg, msg.into));
        case 'close':
          return pg.close().then(
            () => {
              reply(msg.id);
              port.close(); // nothing keeps this thread alive any more: it ends
            },
            (err) => fail(msg.id, err),
          );
        default:
          return fail(msg.id, new Error(`unknown message ${msg.op}`));
      }
    } catch (err) {
      fail(msg.id, err);
    }
  });
  reply(0);
}

void main();
