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

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mails: MailMessage[];
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
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', APP_URL: TEST_ORIGIN, ...env }, overrides);
  const mails: MailMessage[] = [];
  const app = await buildApp({ config, database, mailer: memoryMailer(mails), webDir: '/nonexistent', ...deps });
  await app.ready();
  return {
    app,
    database,
    config,
    mails,
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
