import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AppDeps } from '../server/app';
import { type TestApp, TEST_ORIGIN, createTestApp } from './app';

export interface ListeningApp {
  /** The app under test, listening on a free port once the file's tests start. */
  t: TestApp;
  /** A Socket.IO client with this cookie (none: a visitor) from `origin`, connected; closed after each test. */
  connect(cookie: string | null, origin?: string): Promise<Socket>;
}

/** One app per test file that listens for real sockets; the sockets a test opened are closed after it. */
export function listeningApp(deps: Pick<AppDeps, 'presenceGraceMs'> = {}): ListeningApp {
  const sockets: Socket[] = [];
  let url = '';
  const handle = { t: undefined as unknown as TestApp } as ListeningApp;
  beforeAll(async () => {
    handle.t = await createTestApp({ RATE_LIMIT: 'false' }, {}, deps);
    url = await handle.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => handle.t.close());
  handle.connect = (cookie, origin = TEST_ORIGIN) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin, ...(cookie ? { cookie } : {}) } });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };
  return handle;
}
