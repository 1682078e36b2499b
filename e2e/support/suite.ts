import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { freePort, type RunningServer, startServer } from './server';

export interface E2eSuite {
  server: RunningServer;
  browser: Browser;
}

/** One server (fresh database) and one Chromium for a test file, started together and always stopped. */
export function setupServerAndBrowser(env: Record<string, string> = {}): E2eSuite {
  const suite = {} as E2eSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

export interface RestartableSuite extends E2eSuite {
  /** Starts the server again on the same data folder and port, after the test stopped or killed it. */
  restart(): Promise<RunningServer>;
}

/** Like setupServerAndBrowser, for a test that stops the server (a crash, a restart) and starts it again. */
export function setupRestartableServer(name: string): RestartableSuite {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `twogether-${name}-`));
  let port = 0;
  const suite = {
    restart: async () => (suite.server = await startServer({}, { dataDir, port })),
  } as RestartableSuite;
  beforeAll(async () => {
    port = await freePort();
    [suite.server, suite.browser] = await Promise.all([startServer({}, { dataDir, port }), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return suite;
}
