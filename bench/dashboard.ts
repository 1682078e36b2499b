/**
 * Dashboard throughput: GET /api/dashboard for a couple with 1,000 past sessions, 100 concurrent connections
 * for 10 s (autocannon, closed loop), beside the bare Fastify route (GET /api/health) under the same load.
 * Target: the app reaches at least 30% of the bare route's requests/s measured in this run.
 *
 * Also exports the small API client (sign up, link, create sessions) that bench/invite-latency.ts reuses.
 */
import autocannon from 'autocannon';
import { mapLimit, row, type Row } from './lib';
import type { BenchContext } from './run';

const SESSIONS = 1_000;
const CONNECTIONS = 100;
const DURATION_S = 10;
/** Unmeasured first runs, so V8 has compiled the hot paths of both servers before the measure. */
const WARM_UP_S = 2;
const TARGET_SHARE_OF_BARE = 0.3;
const REQUEST_TIMEOUT_MS = 15_000;
const PASSWORD = 'Sunshine123';
const SETUP_TIMEOUT_MS = 90_000;

// ---- a small client of the app's API, as a browser would use it ----

/** The running app: `url` to reach it, `origin` = its APP_URL (sent as Origin on every POST). */
export interface AppTarget {
  url: string;
  origin: string;
}

export interface BenchUser {
  id: string;
  cookie: string;
}

/** One JSON request; throws with the body when the status is not `expect`. */
export async function api<T = unknown>(app: AppTarget, method: 'GET' | 'POST', route: string, opts: { cookie?: string; body?: unknown; expect: number }): Promise<{ json: T; res: Response }> {
  const headers: Record<string, string> = { origin: app.origin };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(app.url + route, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status !== opts.expect) throw new Error(`${method} ${route} answered ${res.status} (expected ${opts.expect}): ${text.slice(0, 300)}`);
  return { json: (text ? JSON.parse(text) : null) as T, res };
}

export async function signUp(app: AppTarget, name: string): Promise<BenchUser> {
  const { json, res } = await api<{ user: { id: string } }>(app, 'POST', '/api/auth/sign-up/email', {
    body: { email: `${name}@example.com`, username: name, password: PASSWORD, confirmPassword: PASSWORD },
    expect: 200,
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie.includes('twogether.session_token=')) throw new Error(`sign-up of ${name} set no session cookie`);
  return { id: json.user.id, cookie };
}

export async function linkCouple(app: AppTarget, a: BenchUser, b: BenchUser): Promise<void> {
  const { json } = await api<{ token: string }>(app, 'POST', '/api/partner/invites', { cookie: a.cookie, body: {}, expect: 201 });
  await api(app, 'POST', '/api/partner/invites/accept', { cookie: b.cookie, body: { token: json.token }, expect: 200 });
}

/** An open level of Would you rather (free plan, first of its category). */
export async function openLevelId(app: AppTarget, user: BenchUser): Promise<string> {
  const { json } = await api<{ categories: { levels: { id: string; lock: string }[] }[] }>(app, 'GET', '/api/games/would_you_rather/categories', { cookie: user.cookie, expect: 200 });
  const level = json.categories.flatMap((c) => c.levels).find((l) => l.lock === 'open');
  if (!level) throw new Error('no open level in would_you_rather');
  return level.id;
}

export async function createSession(app: AppTarget, user: BenchUser, levelId: string): Promise<string> {
  const { json } = await api<{ session: { id: string } }>(app, 'POST', '/api/sessions', { cookie: user.cookie, body: { levelId }, expect: 201 });
  return json.session.id;
}

/**
 * `count` linked couples, named `<prefix>-<i>a` / `<prefix>-<i>b` (unique within a run's fresh data folder).
 * Sign-ups hash a password with argon2 (~30–60 ms of CPU each), so they go 8 at a time, bounded by `timeoutMs`.
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

// ---- the measure ----

function cannon(url: string, cookie: string | undefined, connections: number, durationS: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: durationS, timeout: 10, headers: cookie ? { cookie } : {} });
}

const log = (msg: string) => console.error(`[bench] dashboard: ${msg}`);

export async function measureDashboard(ctx: BenchContext): Promise<Row[]> {
  const app: AppTarget = { url: ctx.app.url, origin: ctx.appOrigin };
  const [[a, b]] = await createCouples(app, 1, 'dash', { timeoutMs: SETUP_TIMEOUT_MS });
  const levelId = await openLevelId(app, a);
  log(`creating ${SESSIONS} sessions`);
  await mapLimit(SESSIONS, 10, (i) => createSession(app, i % 2 ? b : a, levelId), { what: 'dashboard: sessions', timeoutMs: SETUP_TIMEOUT_MS });

  const dashboardUrl = `${app.url}/api/dashboard`;
  const bareUrl = `${ctx.bare.url}/api/health`;
  // One correct answer first: a 1,000-session couple whose counts do not add up would make the figure meaningless.
  const { json } = await api<{ gamesPlayed: number; recent: unknown[] }>(app, 'GET', '/api/dashboard', { cookie: a.cookie, expect: 200 });
  if (json.gamesPlayed !== SESSIONS || json.recent.length === 0) throw new Error(`dashboard shows ${json.gamesPlayed} games played, expected ${SESSIONS}`);

  log(`warm-up (${WARM_UP_S} s each), then ${CONNECTIONS} connections for ${DURATION_S} s against the bare route and the dashboard`);
  await cannon(bareUrl, undefined, CONNECTIONS, WARM_UP_S);
  await cannon(dashboardUrl, a.cookie, CONNECTIONS, WARM_UP_S);
  const bare = await cannon(bareUrl, undefined, CONNECTIONS, DURATION_S);
  const dash = await cannon(dashboardUrl, a.cookie, CONNECTIONS, DURATION_S);

  const failures = (r: autocannon.Result) => r.non2xx + r.errors;
  const detail = (r: autocannon.Result) => `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors} (timeouts ${r.timeouts})`;
  const metric = `dashboard (${SESSIONS.toLocaleString('en')} sessions): ${CONNECTIONS} conns`;
  return [
    row(
      `${metric}, req/s`,
      'req/s',
      dash.requests.average,
      bare.requests.average,
      bare.requests.average * TARGET_SHARE_OF_BARE,
      `target = ${TARGET_SHARE_OF_BARE * 100}% of the bare route's req/s; app ${detail(dash)}; bare ${detail(bare)}; autocannon ${DURATION_S} s, closed loop, in the bench process`,
      { higherIsBetter: true },
    ),
    row(`${metric}, p99 latency`, 'ms', dash.latency.p99, bare.latency.p99, null),
    row(`${metric}, non-2xx + errors`, 'req', failures(dash), failures(bare), 0),
  ];
}
