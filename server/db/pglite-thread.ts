import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';

/**
 * PGlite in a worker thread (docs/decisions/023-pglite-in-a-worker-thread.md), behind the part of PGlite's
 * interface that Drizzle's pglite driver and `queryRows` use: `query`, `exec`, `transaction`, `close`, `closed`.
 * Each call is a message to pglite-worker.mjs and its answer a message back, matched by `id`:
 *   { op: 'query', id, text, params, rowMode?, textTypes?, paramTypes?, tx? } → { id, result: Results }
 *   { op: 'exec', id, text, tx? } → { id, result: Results[] }
 *   { op: 'begin', id, tx } → { id } once BEGIN ran; { op: 'end', id, tx, commit } → { id } once COMMIT or ROLLBACK ran
 *   { op: 'dump', id } → { id, result: Uint8Array }; { op: 'close', id } → { id }, then the thread ends
 *   { op: 'snapshot', id, into } → { id } once the folder's files are copied into `into` (a backup's)
 *   any failure → { id, error: the error's own fields (PostgreSQL's code, detail, constraint…) }
 * PGlite has one connection: a transaction holds it until it ends, and a query outside it waits (in the worker,
 * on PGlite's own lock), exactly as in-thread. A query inside a transaction names it with `tx`.
 */

export interface Results<T = unknown> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  command?: string;
  rowCount?: number;
}

type Parser = (value: string, typeId?: number) => unknown;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle's: each keeps its type's text as it is. Functions cannot cross threads; the worker applies the same. */
  parsers?: Record<number, Parser>;
  paramTypes?: number[];
  [other: string]: unknown;
}

export interface Queries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
}

export interface Transaction extends Queries {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface Message {
  op: 'query' | 'exec' | 'begin' | 'end' | 'dump' | 'snapshot' | 'close';
  id?: number;
  tx?: number;
  [field: string]: unknown;
}

type PlainError = Record<string, unknown> & { message: string; name?: string; stack?: string };

/** A PostgreSQL error as PGlite threw it, rebuilt on this side: `code`, `detail`, `constraint`… as they were. */
function rebuild(plain: PlainError): Error {
  const { message, name, stack, ...fields } = plain;
  const err = Object.assign(new Error(message), fields);
  if (name) err.name = name;
  if (stack) err.stack = stack;
  return err;
}

const PROBE = '\u0000probe';
const textTypesOf = new WeakMap<object, number[]>();

/** The type ids whose parser keeps the text; a parser that does anything else cannot be carried to the worker. */
function textTypes(parsers: Record<number, Parser>): number[] {
  let oids = textTypesOf.get(parsers);
  if (!oids) {
    oids = Object.entries(parsers).map(([oid, parse]) => {
      if (parse(PROBE, Number(oid)) !== PROBE) throw new Error(`PGlite in a worker: the parser for type ${oid} cannot cross threads (only text-keeping parsers can)`);
      return Number(oid);
    });
    textTypesOf.set(parsers, oids);
  }
  return oids;
}

function queryMessage(op: 'query' | 'exec', text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx: number | undefined): Message {
  const msg: Message = { op, text };
  if (params !== undefined) msg.params = params;
  if (tx !== undefined) msg.tx = tx;
  if (!options) return msg;
  for (const key of Object.keys(options)) {
    if (options[key] !== undefined && key !== 'rowMode' && key !== 'parsers' && key !== 'paramTypes') {
      throw new Error(`PGlite in a worker: the query option ${key} is not supported`);
    }
  }
  if (options.rowMode !== undefined) msg.rowMode = options.rowMode;
  if (options.parsers !== undefined) msg.textTypes = textTypes(options.parsers);
  if (options.paramTypes !== undefined) msg.paramTypes = options.paramTypes;
  return msg;
}

/**
 * The flags the worker keeps from this process's: profiling and memory. Not module loaders (`--import tsx`):
 * the worker is plain JavaScript, and tsx would cost it a tenth of a second to load.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    // Not --max-semi-space-size: a Worker refuses it (the young generation's size is the process's own).
    if (!/^--(cpu-prof|heap-prof|max-old-space-size|enable-source-maps|stack-trace-limit)/.test(flag)) continue;
    kept.push(flag);
    // A directory or name given as the next argument goes with its flag.
    if (/^--(cpu-prof|heap-prof)-(dir|name|interval)$/.test(flag) && i + 1 < argv.length) kept.push(argv[++i]);
  }
  return kept;
}

export interface PGliteThreadOptions {
  /** A folder on disk; without it the database lives in memory. */
  dataDir?: string;
  /** An in-memory database started from this dump (`dumpDataDir`, gzip): tests clone a migrated template. */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** PostgreSQL settings on top of PGlite's own start parameters, as `name=value` ('shared_buffers=8MB'). */
  settings?: string[];
  /** V8 flags set before PGlite compiles its WASM ('--liftoff-only'); they hold for the whole process. */
  v8Flags?: string[];
  /**
   * A child process instead of a thread, for one-off work: when it ends, the process gives back all the memory
   * PGlite grew to, where an ended thread leaves some (docs/decisions/037-lean-local-mode.md). Not for `loadDataDir`.
   */
  childProcess?: boolean;
}

/** What this side needs of the other: a worker thread, or a child process dressed as one. */
type Endpoint = Pick<Worker, 'postMessage' | 'on' | 'once' | 'ref' | 'unref' | 'terminate'>;

function childEndpoint(opts: PGliteThreadOptions): Endpoint {
  const child = fork(new URL('./pglite-worker.mjs', import.meta.url), [JSON.stringify({ dataDir: opts.dataDir, settings: opts.settings, v8Flags: opts.v8Flags })], {
    execArgv: workerExecArgv(),
    serialization: 'advanced', // structured clone, as between threads: Date, bigint, Uint8Array arrive as they left
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    postMessage: (msg: unknown) => child.send(msg as never),
    on: (event: string, listener: () => void) => child.on(event, listener),
    once: (event: string, listener: () => void) => child.once(event, listener),
    // The IPC channel is what keeps this process waiting for the child's answers.
    ref: () => (child.ref(), child.channel?.ref()),
    unref: () => (child.unref(), child.channel?.unref()),
    terminate: () => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : (child.once('exit', resolve), child.kill()))),
  } as unknown as Endpoint;
}

export class PGliteThread implements Queries {
  #worker: Endpoint;
  #pending = new Map<number, { resolve: (value: never) => void; reject: (err: Error) => void }>();
  #nextId = 1;
  #nextTx = 1;
  #stopped: Error | undefined;
  #closing = false;

  private constructor(worker: Endpoint) {
    this.#worker = worker;
    worker.on('message', (msg: { id: number; result?: never; error?: PlainError }) => this.#settle(msg));
    worker.on('error', (err) => this.#stop(err));
    worker.on('exit', (code) => this.#stop(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  /** Starts the thread and PGlite in it; rejects with PGlite's own error if it cannot open the database. */
  static async start(opts: PGliteThreadOptions): Promise<PGliteThread> {
    const worker = opts.childProcess
      ? childEndpoint(opts)
      : new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
          workerData: { dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, settings: opts.settings, v8Flags: opts.v8Flags },
          execArgv: workerExecArgv(),
        });
    const thread = new PGliteThread(worker);
    try {
      await new Promise<void>((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    worker.unref(); // while nothing is asked of it, the thread does not keep the process alive
    return thread;
  }

  get closed(): boolean {
    return this.#closing || this.#stopped !== undefined;
  }

  /** Queries sent and not answered yet (the one running included): the database's queue, for GET /metrics. */
  get queueDepth(): number {
    return this.#pending.size;
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call(queryMessage('query', text, params, options, undefined));
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#call(queryMessage('exec', text, undefined, options, undefined));
  }

  /** As PGlite's: BEGIN, the callback, then COMMIT, or ROLLBACK and the callback's error. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = this.#nextTx++;
    await this.#call({ op: 'begin', tx });
    let closed = false;
    const end = (commit: boolean) => {
      closed = true;
      return this.#call<void>({ op: 'end', tx, commit });
    };
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const handle: Transaction = {
      query: async (text, params, options) => (open(), this.#call(queryMessage('query', text, params, options, tx))),
      exec: async (text, options) => (open(), this.#call(queryMessage('exec', text, undefined, options, tx))),
      rollback: async () => (open(), end(false)),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (err) {
      if (!closed) await end(false);
      throw err;
    }
    if (!closed) await end(true);
    return result;
  }

  /** The whole database as a gzipped tarball, for `loadDataDir`. */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#call({ op: 'dump' });
  }

  /** The folder's files copied into `into`, after a checkpoint and between transactions: a backup's snapshot. */
  snapshot(into: string): Promise<void> {
    return this.#call({ op: 'snapshot', into });
  }

  /** Closes PGlite (its files are complete on disk afterwards) and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    const closing = this.#call<void>({ op: 'close' });
    this.#closing = true;
    this.#worker.ref(); // until the thread has ended, not only until its answer
    await closing;
    await exited;
  }

  #call<T>(msg: Message): Promise<T> {
    if (this.#closing) return Promise.reject(new Error('PGlite is closed'));
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    msg.id = id;
    return new Promise<T>((resolve, reject) => {
      // A value structured clone cannot carry (a function, a symbol) fails here, before anything waits for it.
      this.#worker.postMessage(msg);
      if (this.#pending.size === 0) this.#worker.ref(); // an answer is awaited: the process waits for it
      this.#pending.set(id, { resolve: resolve as (value: never) => void, reject });
    });
  }

  #settle({ id, result, error }: { id: number; result?: never; error?: PlainError }) {
    const waiting = this.#pending.get(id);
    if (!waiting) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0 && !this.#closing) this.#worker.unref();
    if (error) waiting.reject(rebuild(error));
    else waiting.resolve(result as never);
  }

  /** The thread ended (closed, or crashed): whatever still waits fails, and so does anything asked later. */
  #stop(err: Error) {
    this.#stopped ??= err;
    for (const { reject } of this.#pending.values()) reject(this.#stopped);
    this.#pending.clear();
  }
}
