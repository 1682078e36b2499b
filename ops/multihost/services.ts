/**
 * What runs on the test hosts: a private PostgreSQL cluster and Redis on the data host (run as `nobody`, never the
 * machine's shared instances), HAProxy on the balancer with ops/multihost/haproxy.cfg, and the production build of
 * the app on each app host. Every process is started here and stopped by its own pid (or by pg_ctl for PostgreSQL).
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, closeSync, copyFileSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type HostName, type Network } from './network';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const NOBODY = 65534;
/** Runs a command as nobody: PostgreSQL refuses root, and no service here needs it. */
const asNobody = (argv: string[]) => ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', ...argv];
const baseEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' });

/** Thrown by a check of `until` that knows waiting longer is pointless (the process it waits for exited). */
export class GiveUp extends Error {}

/** Polls `check` until it is true, at most `timeoutMs`, and says how long it took; `what` names it in the error. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 50): Promise<number> {
  const start = performance.now();
  for (;;) {
    const ok = await Promise.resolve()
      .then(check)
      .catch((err: unknown) => {
        if (err instanceof GiveUp) throw err;
        return false;
      });
    if (ok) return performance.now() - start;
    if (performance.now() - start > timeoutMs) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The last lines of a log file, for an error message. */
export function tail(file: string, lines = 30): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '(no log)';
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A folder `nobody` owns. */
function ownedDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  chownSync(dir, NOBODY, NOBODY);
  return dir;
}

/** A fresh initdb cluster on the data host, its own port, reached by the apps as role `twogether`. */
export class Postgres {
  readonly port = 55432;
  private readonly password = randomBytes(16).toString('hex');
  private readonly dataDir: string;
  private readonly log: string;

  constructor(private readonly net: Network) {
    this.dataDir = path.join(net.dir, 'pg');
    this.log = path.join(net.dir, 'pg.log');
  }

  /** For the apps and the test's own reads (the runner reaches the data host over the bridge). */
  get url(): string {
    return `postgres://twogether:${this.password}@${this.net.ips.data}:${this.port}/twogether`;
  }

  private pgCtl(...args: string[]): string {
    return this.net.exec('data', asNobody([`${PG_BIN}/pg_ctl`, '-D', this.dataDir, '-l', this.log, '-w', '-t', '30', ...args]), { env: baseEnv() });
  }

  async start(): Promise<void> {
    const pwfile = path.join(this.net.dir, 'pg-password');
    writeFileSync(pwfile, this.password);
    chownSync(pwfile, NOBODY, NOBODY);
    ownedDir(path.join(this.net.dir, 'pg-socket'));
    ownedDir(this.dataDir);
    writeFileSync(this.log, '');
    chownSync(this.log, NOBODY, NOBODY);
    this.net.exec(
      'data',
      asNobody([
        `${PG_BIN}/initdb`,
        '-D',
        this.dataDir,
        '-U',
        'postgres',
        '--pwfile',
        pwfile,
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--no-locale',
        '--no-sync',
      ]),
      { env: baseEnv() },
    );
    appendFileSync(path.join(this.dataDir, 'pg_hba.conf'), `host all all ${this.net.runnerIp.replace(/\.1$/, '.0')}/24 scram-sha-256\n`);
    appendFileSync(
      path.join(this.dataDir, 'postgresql.conf'),
      [`listen_addresses = '${this.net.ips.data}'`, `port = ${this.port}`, `unix_socket_directories = '${path.join(this.net.dir, 'pg-socket')}'`, 'shared_buffers = 32MB', ''].join(
        '\n',
      ),
    );
    this.pgCtl('start');
    const admin = new pg.Client({ connectionString: `postgres://postgres:${this.password}@${this.net.ips.data}:${this.port}/postgres` });
    await admin.connect();
    try {
      await admin.query(`create role twogether login password '${this.password}'`);
      await admin.query('create database twogether owner twogether');
    } finally {
      await admin.end();
    }
  }

  /** What an operator runs: a fast restart (sessions ended, a checkpoint, the server back), waiting until it accepts. */
  async restart(): Promise<void> {
    await this.net.execAsync('data', asNobody([`${PG_BIN}/pg_ctl`, '-D', this.dataDir, '-l', this.log, '-w', '-t', '30', '-m', 'fast', 'restart']), { env: baseEnv() });
  }

  stop(): void {
    if (!existsSync(path.join(this.dataDir, 'postmaster.pid'))) return;
    try {
      this.pgCtl('-m', 'immediate', 'stop');
    } catch {
      /* the namespace sweep ends it */
    }
  }

  logTail(): string {
    return tail(this.log);
  }
}

/** Answers true once a Redis at host:port answers PING. */
function redisPing(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** A Redis of this run's own on the data host's second address. */
export class RedisHost {
  readonly port = 6390;
  private child?: ChildProcess;

  constructor(private readonly net: Network) {}

  get url(): string {
    return `redis://${this.net.redisIp}:${this.port}`;
  }

  async start(): Promise<void> {
    const dir = ownedDir(path.join(this.net.dir, 'redis'));
    const log = openSync(path.join(this.net.dir, 'redis.log'), 'a');
    const argv = ['redis-server', '--bind', this.net.redisIp, '--port', String(this.port), '--save', '', '--appendonly', 'no', '--protected-mode', 'no', '--dir', dir];
    this.child = this.net.spawn('data', asNobody(argv), { stdio: ['ignore', log, log], env: baseEnv() });
    closeSync(log);
    await until('redis-server answering PING', () => redisPing(this.net.redisIp, this.port), 15_000);
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await exited(this.child);
  }
}

/** HAProxy on the balancer host, with the configuration file the docs quote; its runtime API on a Unix socket. */
export class Balancer {
  readonly configFile = path.join(repoRoot, 'ops/multihost/haproxy.cfg');
  private child?: ChildProcess;
  private readonly statsSocket: string;
  readonly log: string;

  constructor(
    private readonly net: Network,
    private readonly appPort: number,
  ) {
    this.statsSocket = path.join(net.dir, 'haproxy.sock');
    this.log = path.join(net.dir, 'haproxy.log');
  }

  /** The public origin: APP_URL of every app host. */
  get url(): string {
    return `http://${this.net.ips.lb}`;
  }

  async start(): Promise<void> {
    const log = openSync(this.log, 'a');
    const env = {
      ...baseEnv(),
      APP1_ADDR: `${this.net.ips.app1}:${this.appPort}`,
      APP2_ADDR: `${this.net.ips.app2}:${this.appPort}`,
      LISTEN_ADDR: `${this.net.ips.lb}:80`,
      HAPROXY_STATS_SOCKET: this.statsSocket,
    };
    this.child = this.net.spawn('lb', ['haproxy', '-f', this.configFile, '-db'], { stdio: ['ignore', log, log], env });
    closeSync(log);
    await until('HAProxy listening', async () => (await this.command('show info')).includes('Name: HAProxy'), 15_000);
  }

  /** One command on the runtime API (`show stat`, `set server app/app1 state maint`, …), its answer. */
  command(cmd: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let out = '';
      const socket = connect(this.statsSocket, () => socket.end(`${cmd}\n`));
      socket.on('data', (d) => (out += d.toString()));
      socket.once('end', () => resolve(out));
      socket.once('error', reject);
    });
  }

  /** Each app host's state as the balancer's health checks see it: UP, DOWN, MAINT… */
  async serverStates(): Promise<Record<string, string>> {
    const csv = await this.command('show stat');
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const [proxy, server, ...rest] = line.split(',');
      if (proxy === 'app' && server && server !== 'BACKEND') states[server] = rest[15];
    }
    return states;
  }

  /** Waits until the health checks have `server` in the state wanted (`UP` or `DOWN`); how long it took. */
  waitFor(server: string, state: 'UP' | 'DOWN', timeoutMs = 20_000): Promise<number> {
    return until(`the balancer seeing ${server} ${state}`, async () => (await this.serverStates())[server]?.startsWith(state) ?? false, timeoutMs);
  }

  /** How many of the balancer's client streams each app host holds now (an open WebSocket is one). */
  async streamsPerServer(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const m of (await this.command('show sess')).matchAll(/ be=app srv=(\S+)/g)) counts[m[1]] = (counts[m[1]] ?? 0) + 1;
    return counts;
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await exited(this.child);
  }
}

/**
 * The production build in a folder of this run's own, laid out as the bundle expects its project root. When the
 * shared dist/ holds a production build newer than every source (in `npm test`, the end-to-end suite's global
 * setup has just made one), it is copied rather than made again: minutes on a loaded machine. dist/ is only read.
 */
export async function buildApp(dir: string): Promise<{ bundle: string; how: string }> {
  const root = path.join(dir, 'app');
  mkdirSync(path.join(root, 'server/db'), { recursive: true });
  copyFileSync(path.join(repoRoot, 'package.json'), path.join(root, 'package.json'));
  for (const link of ['node_modules', 'content', 'server/db/migrations', 'server/db/functions.sql']) symlinkSync(path.join(repoRoot, link), path.join(root, link));
  // @ts-expect-error: a plain ESM script without types
  const { newestMtime, PRODUCTION, readStamp, rebuildReason } = await import('../../scripts/build-stamp.mjs');
  const sources = ['server', 'core', 'web', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.base.json']
    .map((s) => path.join(repoRoot, s))
    .filter((s) => existsSync(s));
  const stale = rebuildReason({
    stamp: readStamp(path.join(repoRoot, 'dist/.build-stamp')),
    bundleExists: existsSync(path.join(repoRoot, 'dist/server/main.mjs')) && existsSync(path.join(repoRoot, 'dist/web/index.html')),
    newestSourceMs: Math.max(0, ...sources.map((s) => newestMtime(s) as number)),
    mode: PRODUCTION,
  });
  const out = path.join(root, 'dist');
  if (!stale) {
    const stampBefore = readStamp(path.join(repoRoot, 'dist/.build-stamp'))?.builtMs;
    cpSync(path.join(repoRoot, 'dist'), out, { recursive: true });
    // A build that began meanwhile (someone's `npm start` or end-to-end run) may have emptied what was copied.
    const whole = existsSync(path.join(out, 'web/index.html')) && existsSync(path.join(out, 'server/main.mjs'));
    if (whole && readStamp(path.join(repoRoot, 'dist/.build-stamp'))?.builtMs === stampBefore)
      return { bundle: path.join(out, 'server/main.mjs'), how: 'copied from a current dist/' };
    rmSync(out, { recursive: true, force: true });
  }
  // @ts-expect-error: a plain ESM script without types
  const { buildAll } = await import('../../scripts/build.mjs');
  await buildAll({ quiet: true, outDir: out });
  return { bundle: path.join(out, 'server/main.mjs'), how: 'built' };
}

export interface AppEnv {
  databaseUrl: string;
  redisUrl: string;
  appUrl: string;
  smtpUrl: string;
  authSecret: string;
}

/** One app host: `node dist/server/main.mjs` as nobody, in production mode. */
export class AppHost {
  readonly port = 3000;
  private child?: ChildProcess;
  readonly log: string;
  starts = 0;

  constructor(
    private readonly net: Network,
    readonly host: Extract<HostName, 'app1' | 'app2'>,
    private readonly bundle: string,
    private readonly env: AppEnv,
  ) {
    this.log = path.join(net.dir, `${host}.log`);
  }

  get directUrl(): string {
    return `http://${this.net.ips[this.host]}:${this.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until its readiness check answers 200 (the balancer's health check then follows). */
  async start(): Promise<number> {
    this.starts++;
    const dataDir = ownedDir(path.join(this.net.dir, `${this.host}-data`));
    const log = openSync(this.log, 'a');
    const env = {
      ...baseEnv(),
      HOME: dataDir,
      NODE_ENV: 'production',
      PORT: String(this.port),
      HOST: '0.0.0.0',
      APP_URL: this.env.appUrl,
      AUTH_SECRET: this.env.authSecret,
      DATA_DIR: dataDir,
      DATABASE_URL: this.env.databaseUrl,
      REDIS_URL: this.env.redisUrl,
      SMTP_URL: this.env.smtpUrl,
      // Production refuses the local payment provider; the test never pays, so Stripe's keys are placeholders.
      STRIPE_SECRET_KEY: 'sk_test_multihost',
      STRIPE_WEBHOOK_SECRET: 'whsec_multihost',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_multihost',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    };
    const child = this.net.spawn(this.host, asNobody([process.execPath, this.bundle]), { stdio: ['ignore', log, log], env });
    closeSync(log);
    this.child = child;
    const ready = () => fetch(`${this.directUrl}/api/health/ready`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status === 200);
    try {
      return await until(
        `${this.host} ready`,
        async () => {
          if (child.exitCode !== null) throw new GiveUp(`${this.host} exited with ${child.exitCode}`);
          return ready();
        },
        180_000,
        100,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${this.host}'s log:\n${tail(this.log)}`);
    }
  }

  /** SIGKILL: the host dies as in a crash, nothing closed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGKILL');
    await exited(child);
  }

  /** SIGTERM: the app closes its sockets and connections, then exits. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    await exited(child);
  }
}
