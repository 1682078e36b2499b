import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

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
