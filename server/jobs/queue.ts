import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { type Clock, systemClock } from '../clock';
import type { Database } from '../db/client';
import { sqlFor } from './sql';

/**
 * The durable job queue on the app's own database (docs/decisions/035-job-queue.md): pg-boss 10, on PGlite and on
 * PostgreSQL alike, through the app's own connection. A job is at least once: a handler that dies halfway (a
 * SIGKILL, a timeout) runs again, so handlers either do one thing that may repeat (send one mail) or check first.
 */

export interface RetryPolicy {
  /** Runs after the first, before the job goes to its dead letter. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff each next wait doubles (with jitter), from at least 1 s. */
  retryDelaySeconds: number;
  backoff: boolean;
  /** A run still going after this long counts as failed (and is retried). */
  expireInSeconds: number;
}

export interface JobDefinition<T extends object> {
  readonly name: string;
  readonly policy: RetryPolicy;
  /** Only for the type: the data a job of this name carries. */
  readonly data?: T;
}

const defaultPolicy: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 30, backoff: true, expireInSeconds: 5 * 60 };

/** A kind of job: its name (a queue of its own) and how it is retried. Data must be plain JSON. */
export function defineJob<T extends object>(name: string, policy: Partial<RetryPolicy> = {}): JobDefinition<T> {
  if (!/^[a-z][a-z0-9._-]*$/.test(name)) throw new Error(`a job name is lowercase letters, digits, '.', '_' or '-': ${name}`);
  return { name, policy: { ...defaultPolicy, ...policy } };
}

export interface SendOptions {
  /**
   * The idempotence key: a second send with the same key, while the first job is kept (until a week after it
   * ended), is no job (send answers null). Name the logical thing: `receipt:<purchase id>`.
   */
  key?: string;
  /** Not before this moment of the app's clock (the delay from its now; pg-boss times by the database's). */
  startAt?: Date;
}

export interface RunContext {
  id: string;
  /** 1 for the first run. */
  attempt: number;
  /** No retry follows this run: a failure now goes to the dead letter. */
  lastAttempt: boolean;
}

export type Handler<T extends object> = (data: T, run: RunContext) => Promise<void>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** How many times the queue tries to start before the process gives up (server/main.ts ends it). */
const START_ATTEMPTS = 4;

export interface JobQueue {
  /** Runs this kind of job in this process: register before `start()`. */
  work<T extends object>(job: JobDefinition<T>, handler: Handler<T>): void;
  /** Sends this kind of job on a cron schedule (minutes, in `tz`, UTC by default): a periodic tick. Before `start()`. */
  every(job: JobDefinition<Record<string, never>>, cron: string, tz?: string): void;
  /** Stores a job (durably, once the call resolves): its id, or null when its key was used already. */
  send<T extends object>(job: JobDefinition<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** Where a job stands (for tests and operators); null when it is not kept any more. */
  state(job: JobDefinition<object>, id: string): Promise<JobState | null>;
  /**
   * Jobs waiting to run (pg-boss's queue size: created or retry), by queue, every queue included: one query, for
   * GET /metrics. Empty while the queue is not running.
   */
  queued(): Promise<Record<string, number>>;
  /**
   * Installs or migrates pg-boss's own schema, creates the queues, starts the workers and the schedules. Once: a
   * second call answers the first's promise. A send or state asked meanwhile waits for it, so the app may serve
   * while the queue starts (docs/decisions/042-local-mode-memory.md).
   */
  start(): Promise<void>;
  /** Stops taking jobs; waits up to `timeoutMs` for runs in progress (they fail and retry later otherwise). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
  /**
   * How often each worker asks for work when it found none. A job sent by this process wakes its worker at
   * once, so this is the delay for retries and for jobs sent by another process.
   */
  pollingIntervalSeconds?: number;
  /** How often a dead letter is looked for: they are rare, and only logged. */
  deadLetterPollingSeconds?: number;
  /** How often one of the processes expires stuck runs and archives old jobs. */
  maintenanceIntervalSeconds?: number;
  /** How pg-boss reaches the database: the app's connection (`sql.ts`); a test hands in one that fails once. */
  sqlFor?: typeof sqlFor;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Local mode stays lean (issue 22): a worker polls every 2 s, maintenance runs every 5 minutes, no state monitor.
 * Ended jobs stay in pgboss.job a week, which is how long an idempotence key holds, then a week in the archive.
 */
function bossOptions(database: Database, opts: JobQueueOptions, scheduled: boolean): PgBoss.ConstructorOptions {
  return {
    db: (opts.sqlFor ?? sqlFor)(database) as PgBoss.Db,
    migrate: true,
    supervise: true,
    schedule: scheduled,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 300,
    archiveCompletedAfterSeconds: 7 * DAY_SECONDS,
    archiveFailedAfterSeconds: 7 * DAY_SECONDS,
    deleteAfterDays: 7,
    cronWorkerIntervalSeconds: 15,
  };
}

/** The job's id for an idempotence key: a UUID (version 5's layout) from a hash of the name and the key. */
function keyedId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const deadLetterOf = (name: string) => `${name}.dead`;

/** pg-boss's own `getQueueSize` for every queue at once (its partial index on state < 'active' answers the count). */
const QUEUED = `select q.name, count(j.id)::int as queued from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state < 'active' group by q.name`;

/** What each job of this kind carries: its retries, its expiry, its dead letter (cron-sent ones too). */
function jobOptions({ name, policy }: JobDefinition<object>) {
  return {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: policy.backoff,
    expireInSeconds: policy.expireInSeconds,
    deadLetter: deadLetterOf(name),
  };
}

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { database, log } = opts;
  const clock = opts.clock ?? systemClock;
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  const handlers = new Map<string, { job: JobDefinition<object>; handler: Handler<object> }>();
  const schedules: { job: JobDefinition<object>; cron: string; tz: string }[] = [];
  const created = new Map<string, Promise<void>>();
  const workerIds = new Map<string, string>();
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let stopping = false;

  /** pg-boss, once a start in progress has ended (its failure is the caller's). */
  const started = async () => {
    if (starting) await starting;
    if (!boss || stopping) throw new Error('the job queue is not running');
    return boss;
  };

  /** Each kind of job has its queue and its dead letter; both may exist already (another process, a restart). */
  function ensureQueue(b: PgBoss, job: JobDefinition<object>): Promise<void> {
    let done = created.get(job.name);
    if (!done) {
      done = (async () => {
        await b.createQueue(deadLetterOf(job.name));
        await b.createQueue(job.name, { name: job.name, deadLetter: deadLetterOf(job.name) });
      })();
      created.set(job.name, done);
      done.catch(() => created.delete(job.name)); // asked again by the next send
    }
    return done;
  }

  async function run(job: JobDefinition<object>, handler: Handler<object>, pgJob: PgBoss.JobWithMetadata<object>) {
    const context: RunContext = { id: pgJob.id, attempt: pgJob.retryCount + 1, lastAttempt: pgJob.retryCount >= pgJob.retryLimit };
    try {
      await handler(pgJob.data, context);
    } catch (err) {
      log.warn({ err, job: job.name, id: pgJob.id, attempt: context.attempt }, context.lastAttempt ? 'a job failed for the last time' : 'a job failed and will be retried');
      throw err;
    }
  }

  /** A job out of retries arrives in its dead letter: logged as the error it is, then kept there as completed. */
  async function logDeadLetter(job: JobDefinition<object>, dead: PgBoss.JobWithMetadata<object>) {
    const output = dead.output as { message?: string } | null;
    log.error({ job: job.name, id: dead.id, error: output?.message }, `the job ${job.name} failed after its last retry (dead letter)`);
  }

  return {
    work(job, handler) {
      if (boss) throw new Error('register job handlers before the queue starts');
      handlers.set(job.name, { job, handler: handler as Handler<object> });
    },

    every(job, cron, tz = 'UTC') {
      if (boss) throw new Error('register schedules before the queue starts');
      schedules.push({ job, cron, tz });
    },

    async send(job, data, options = {}) {
      const b = await started();
      await ensureQueue(b, job);
      const delay = options.startAt ? Math.max(0, Math.ceil((options.startAt.getTime() - clock.now().getTime()) / 1000)) : 0;
      const id = await b.send(job.name, data, {
        ...(options.key ? { id: keyedId(job.name, options.key), singletonKey: options.key } : {}),
        ...(delay ? { startAfter: delay } : {}),
        ...jobOptions(job),
      });
      // This process works this queue: no need to wait for its next poll.
      const worker = workerIds.get(job.name);
      if (id && worker && !delay) b.notifyWorker(worker);
      return id;
    },

    async state(job, id) {
      const found = await (await started()).getJobById(job.name, id);
      return (found?.state as JobState | undefined) ?? null;
    },

    async queued() {
      if (!boss || stopping) return {};
      const { rows } = await sqlFor(database).executeSql(QUEUED);
      return Object.fromEntries((rows as { name: string; queued: number }[]).map((r) => [r.name, Number(r.queued)]));
    },

    start() {
      starting ??= startWithRetries();
      return starting;
    },

    async stop(timeoutMs = 5_000) {
      await starting?.catch(() => {}); // a start in progress ends first: nothing it starts outlives the stop
      if (!boss || stopping) return;
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };

  /**
   * A start that fails (two processes installing pg-boss's schema or creating the same queues at the same moment, a
   * database slow to answer under load) is tried again, up to START_ATTEMPTS times, before the process gives up.
   */
  async function startWithRetries() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startBoss();
      } catch (err) {
        if (stopping || attempt >= START_ATTEMPTS) throw err;
        log.warn({ err, attempt }, 'the job queue did not start; trying again');
        const half = boss;
        boss = undefined;
        workerIds.clear();
        await half?.stop({ graceful: false, wait: true }).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    }
  }

  async function startBoss() {
    const { default: PgBossClass } = await import('pg-boss');
    const b = new PgBossClass(bossOptions(database, opts, schedules.length > 0));
    // pg-boss reports its own failures (a poll, maintenance) as events; unheard, an 'error' event would end the process.
    b.on('error', (err) => (stopping ? log.debug({ err }, 'job queue error while stopping') : log.error({ err }, 'job queue error')));
    try {
      await b.start();
    } catch (err) {
      await b.stop({ graceful: false, wait: true }).catch(() => {});
      throw err;
    }
    boss = b;
    for (const { job } of schedules) await ensureQueue(b, job);
    for (const { job, cron, tz } of schedules) await b.schedule(job.name, cron, {}, { tz, ...jobOptions(job) });
    for (const { job, handler } of handlers.values()) {
      await ensureQueue(b, job);
      const options = { includeMetadata: true as const, pollingIntervalSeconds, batchSize: 1 };
      workerIds.set(job.name, await b.work<object>(job.name, options, ([pgJob]) => run(job, handler, pgJob)));
      const deadLetters = { ...options, pollingIntervalSeconds: opts.deadLetterPollingSeconds ?? 30 };
      await b.work<object>(deadLetterOf(job.name), deadLetters, ([dead]) => logDeadLetter(job, dead));
    }
  }
}
