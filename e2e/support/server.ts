import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
  logs(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the built server (`dist/server/main.mjs`, what `npm start` runs) on a fresh embedded database. `root`: a
 * checkout other than this one, serving its own build (e2e/pwa.test.ts deploys a second build on the same port).
 */
export async function startServer(env: Record<string, string> = {}, opts: { dataDir?: string; port?: number; root?: string } = {}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'twogether-e2e-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: opts.root ?? path.resolve(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      ENABLE_TEST_HELPERS: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));

  // Generous: on a loaded machine a cold start (migrations in a child process, the content check) passes a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    dataDir,
    process: child,
    logs: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
