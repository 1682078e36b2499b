import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../server/app';
import { type Config, loadConfig } from '../server/config';
import type { Database } from '../server/db/client';
import type { MailMessage, Mailer } from '../server/mail/mailer';
import { loadContent } from '../server/modules/content/loader';
import { ApiClient, cookieHeader, parseJson, type TestUser, type Transport } from './api-client';
import { createTestDatabase } from './database';

export type { TestUser } from './api-client';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The test apps' VAPID keys (made once for the tests): none is written to a data folder. */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: 'BDM1dVtRhBm0UTNe9VdvOz6xQVfMpmrvZXHWJoNy74wGwk2IwbjnhufmKNy8MDCBjjyYUGMlNa8lKd7rom8AIjI',
  VAPID_PRIVATE_KEY: '9tmPYOpN9cAYJFiI89X9IZJ3TvKJmqgtdCnlv0mbXN0',
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mails: MailMessage[];
  /** How the app sends push messages: to the local push service through inject, anywhere else by fetch. */
  pushFetch: typeof fetch;
  close(): Promise<void>;
}

/** A captured mailer: tests read the links the app would have sent. */
function memoryMailer(mails: MailMessage[]): Mailer {
  return { kind: 'outbox', send: async (m) => void mails.push(m), close: async () => {} };
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'presenceGraceMs' | 'webDir' | 'clock' | 'logStream' | 'redis'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await loadContent(database.db);
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', APP_URL: TEST_ORIGIN, ...TEST_VAPID, ...env },
    overrides,
  );
  const mails: MailMessage[] = [];
  let built: FastifyInstance | undefined;
  // Push messages to the app's own origin (the local push service) go through inject: the app is not listening.
  const pushFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== new URL(TEST_ORIGIN).origin || !built) return fetch(input, init);
    const res = await built.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: init?.body ? Buffer.from(init.body as Uint8Array) : undefined,
    });
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
  const app = await buildApp({ config, database, mailer: memoryMailer(mails), webDir: '/nonexistent', pushFetch, ...deps });
  built = app;
  await app.ready();
  return {
    app,
    database,
    config,
    mails,
    pushFetch,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  return cookieHeader(Array.isArray(raw) ? raw : raw ? [raw] : []);
}

/** Requests through Fastify's inject, with the Origin a browser on the app's own page would send. */
export function injectTransport(app: FastifyInstance): Transport {
  return async ({ method, url, body, cookie }) => {
    const res = await app.inject({ method, url, payload: body as object | undefined, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
    return { status: res.statusCode, json: parseJson(res.body), text: res.body, cookie: cookieFrom(res) };
  };
}

/** The shared test client (test/api-client.ts) on this app. */
export const clientFor = (app: FastifyInstance) => new ApiClient(injectTransport(app));

/** Signs a user up through the API, as the browser would. */
export function createUser(app: FastifyInstance, overrides: Partial<{ email: string; username: string; password: string }> = {}): Promise<TestUser> {
  return clientFor(app).signUp(overrides);
}

export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
}

/** Links two users through the real invite flow, as two browsers would. */
export function linkPartners(app: FastifyInstance, a: TestUser, b: TestUser): Promise<void> {
  return clientFor(app).linkPartners(a, b);
}

/** The id of a level open on the free plan, for a game. */
export function freeLevelId(app: FastifyInstance, user: TestUser, game = 'would_you_rather'): Promise<string> {
  return clientFor(app).openLevelId(user, game);
}

/** Creates a session as `user` on a free level and returns its id. */
export function startSession(app: FastifyInstance, user: TestUser, game = 'would_you_rather'): Promise<string> {
  return clientFor(app).createSession(user, { game });
}
