import { createServer } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AppDeps } from '../server/app';
import { ApiClient, fetchTransport } from './api-client';
import { type TestApp, TEST_ORIGIN, clientFor, createTestApp } from './app';

export interface ListeningApp {
  /** The app under test, listening on a free port once the file's tests start. */
  t: TestApp;
  /** Where it listens, once the file's tests start. */
  url: string;
  /** The API client for it: inject, or with `ownOrigin`, real HTTP to `url`. */
  client: ApiClient;
  /** A Socket.IO client with this cookie (none: a visitor) from `origin`, connected; closed after each test. */
  connect(cookie: string | null, origin?: string): Promise<Socket>;
}

/** A port free now, for an app that must know its own address before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * One app per test file that listens for real sockets; the sockets a test opened are closed after it. With
 * `ownOrigin`, its APP_URL is its own listening address, so what it sends to itself over HTTP (the local payment
 * provider's webhook) arrives, and the test talks to it over HTTP from that origin as a browser would.
 */
export function listeningApp(deps: Pick<AppDeps, 'presenceGraceMs' | 'clock'> = {}, opts: { ownOrigin?: boolean; env?: Record<string, string> } = {}): ListeningApp {
  const sockets: Socket[] = [];
  let origin = TEST_ORIGIN;
  const handle = { t: undefined as unknown as TestApp, url: '' } as ListeningApp;
  beforeAll(async () => {
    const port = opts.ownOrigin ? await freePort() : 0;
    if (opts.ownOrigin) origin = `http://127.0.0.1:${port}`;
    const own: Record<string, string> = opts.ownOrigin ? { APP_URL: origin, PORT: String(port) } : {};
    handle.t = await createTestApp({ RATE_LIMIT: 'false', ...own, ...opts.env }, {}, deps);
    handle.url = await handle.t.app.listen({ port, host: '127.0.0.1' });
    handle.client = opts.ownOrigin ? new ApiClient(fetchTransport(handle.url, origin)) : clientFor(handle.t.app);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => handle.t.close());
  handle.connect = (cookie, from = origin) => {
    const socket = io(handle.url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: from, ...(cookie ? { cookie } : {}) } });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };
  return handle;
}
