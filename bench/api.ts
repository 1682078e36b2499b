/**
 * The bench's view of the app's API: the shared test client (test/api-client.ts) over Node's fetch, plus the setup
 * the measures share (couples, sessions). Every request is bounded by the transport's timeout.
 */
import { type Actor, ApiClient, fetchTransport } from '../test/api-client';
import { answerDaily, getDaily } from '../core/contracts/daily';
import * as sessions from '../core/contracts/sessions';
import { mapLimit } from './lib';

const REQUEST_TIMEOUT_MS = 15_000;

/** The running app: `url` to reach it, `origin` = its APP_URL (sent as Origin on every request). */
export interface AppTarget {
  url: string;
  origin: string;
}

export interface BenchUser extends Actor {
  id: string;
  cookie: string;
}

const clients = new WeakMap<AppTarget, ApiClient>();
/** One client per running app. */
export function clientOf(app: AppTarget): ApiClient {
  let client = clients.get(app);
  if (!client) clients.set(app, (client = new ApiClient(fetchTransport(app.url, app.origin, { timeoutMs: REQUEST_TIMEOUT_MS }))));
  return client;
}

/** Signs `name` up (`<name>@example.com`, unique within a run's fresh data folder); the user is signed in. */
export async function signUp(app: AppTarget, name: string): Promise<BenchUser> {
  const user = await clientOf(app).signUp({ email: `${name}@example.com`, username: name });
  if (!user.cookie.includes('twogether.session_token=')) throw new Error(`sign-up of ${name} set no session cookie`);
  return user;
}

/** A fresh login session for `email`: a cookie no server cache has seen yet. */
export async function signIn(app: AppTarget, id: string, email: string): Promise<BenchUser> {
  const { cookie } = await clientOf(app).signIn(email);
  return { id, cookie };
}

export const linkCouple = (app: AppTarget, a: BenchUser, b: BenchUser) => clientOf(app).linkPartners(a, b);

/** An open level of Would You Rather (free plan, first of its category). */
export const openLevelId = (app: AppTarget, user: BenchUser) => clientOf(app).openLevelId(user);

export const createSession = (app: AppTarget, user: BenchUser, levelId: string) => clientOf(app).createSession(user, { levelId });

/**
 * `count` linked couples, named `<prefix>-<i>a` / `<prefix>-<i>b`. Sign-ups hash a password with argon2
 * (~30–60 ms of CPU each), so they go 8 at a time, bounded by `timeoutMs`.
 */
export async function createCouples(app: AppTarget, count: number, prefix: string, opts: { timeoutMs: number; log?: (msg: string) => void }): Promise<[BenchUser, BenchUser][]> {
  const every = Math.max(1, Math.round((count * 2) / 10));
  const users = await mapLimit(count * 2, 8, (i) => signUp(app, `${prefix}-${Math.floor(i / 2)}${i % 2 ? 'b' : 'a'}`), {
    what: `${prefix}: sign-ups`,
    timeoutMs: opts.timeoutMs,
    progress: (done) => {
      if (done % every === 0 || done === count * 2) opts.log?.(`${prefix}: ${done}/${count * 2} users signed up`);
    },
  });
  const couples = Array.from({ length: count }, (_, i) => [users[2 * i], users[2 * i + 1]] as [BenchUser, BenchUser]);
  await mapLimit(count, 8, (i) => linkCouple(app, couples[i][0], couples[i][1]), { what: `${prefix}: links`, timeoutMs: opts.timeoutMs });
  return couples;
}

/**
 * What waits for `me` on the dashboard (issue 20's "your turn"): an own-pace session in which the partner has answered
 * the first item, and today's question answered by the partner. Both make the dashboard read and reckon more.
 */
export async function somethingWaitsFor(app: AppTarget, me: BenchUser, partner: BenchUser, levelId: string): Promise<void> {
  const client = clientOf(app);
  const { session } = await client.call(sessions.createSession, { body: { levelId, pace: 'own' } }, { as: me });
  await client.answer(session.id, 'a', { as: partner });
  const { today } = await client.call(getDaily, {}, { as: partner });
  await client.call(answerDaily, { params: { day: today }, body: { answer: 'The day we met, of course.' } }, { as: partner });
}
