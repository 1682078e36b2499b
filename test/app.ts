import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../server/app';
import { type Config, loadConfig } from '../server/config';
import type { Database } from '../server/db/client';
import type { MailMessage, Mailer } from '../server/modules/mail/mailer';
import { loadContent } from '../server/modules/content/loader';
import { createTestDatabase } from './database';

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

export async function createTestApp(env: Record<string, string> = {}, overrides: Partial<Config> = {}, deps: Pick<AppDeps, 'presenceGraceMs'> = {}): Promise<TestApp> {
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
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let counter = 0;
export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  cookie: string;
}

/** Signs a user up through the API, as the browser would. */
export async function createUser(app: FastifyInstance, overrides: Partial<{ email: string; username: string; password: string }> = {}): Promise<TestUser> {
  counter++;
  const email = overrides.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? 'Sunshine123';
  const username = overrides.username ?? `user${counter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, username, password, confirmPassword: password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().user.id, email, username, password, cookie: cookieFrom(res) };
}

export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
}

/** Links two users through the real invite flow, as two browsers would. */
export async function linkPartners(app: FastifyInstance, a: TestUser, b: TestUser): Promise<void> {
  const invite = await post(app, '/api/partner/invites', {}, a.cookie);
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.body}`);
  const accept = await post(app, '/api/partner/invites/accept', { token: invite.json().token }, b.cookie);
  if (accept.statusCode !== 200) throw new Error(`accept failed: ${accept.body}`);
}

/** The id of a level open on the free plan, for a game. */
export async function freeLevelId(app: FastifyInstance, user: TestUser, game = 'would_you_rather'): Promise<string> {
  const res = await app.inject({ url: `/api/games/${game}/categories`, headers: { cookie: user.cookie } });
  const level = res.json().categories.flatMap((c: { levels: { id: string; lock: string }[] }) => c.levels).find((l: { lock: string }) => l.lock === 'open');
  if (!level) throw new Error(`no open level in ${game}`);
  return level.id;
}

/** Creates a session as `user` on a free level and returns its id. */
export async function startSession(app: FastifyInstance, user: TestUser, game = 'would_you_rather'): Promise<string> {
  const res = await post(app, '/api/sessions', { levelId: await freeLevelId(app, user, game) }, user.cookie);
  if (res.statusCode !== 201) throw new Error(`session failed: ${res.body}`);
  return res.json().session.id;
}
