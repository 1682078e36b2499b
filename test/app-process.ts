import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ApiClient, fetchTransport } from './api-client';

/**
 * The app as an operator runs it: `node --import tsx server/main.ts` in a process of its own, on a PGlite folder
 * (DATA_DIR) or a PostgreSQL database (DATABASE_URL). Its port is the one the kernel gave (PORT=0), read from its
 * log; it is ready when it says so. Requests carry APP_URL's origin, as a browser's would.
 */
export const APP_ORIGIN = 'http://localhost:3000';
/** One secret for every process of a test file: a login made on one app works on the app restored from it. */
export const APP_SECRET = randomBytes(32).toString('base64url');

const root = path.resolve('.');

export interface AppProcess {
  url: string;
  client: ApiClient;
  child: ChildProcess;
  /** SIGTERM, then its exit code once it has ended. */
  stop(): Promise<number | null>;
}

export function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL: APP_ORIGIN,
      AUTH_SECRET: APP_SECRET,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    let port: string | undefined;
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      port ??= /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('Twogether is ready')) {
        const url = `http://127.0.0.1:${port}`;
        resolve({
          url,
          client: new ApiClient(fetchTransport(url, APP_ORIGIN, { timeoutMs: 60_000 })),
          child,
          stop: () => (child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'), exited),
        });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the app exited (${code}) before it was ready:\n${output.slice(-3000)}`)));
  });
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last line it printed: `npm run backup` prints the backup's path there. */
  lastLine: string;
}

/** A script as `npm run <script>` runs it (`node --import tsx scripts/<name>.ts …`), in the project's folder. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr, lastLine: stdout.trimEnd().split('\n').at(-1) ?? '' })));
}
