/**
 * Dashboard throughput, two rows beside the bare Fastify route (GET /api/health) under the same load:
 * - cache hit: GET /api/dashboard for one couple with 1,000 past sessions, 100 concurrent connections for 10 s
 *   (autocannon, closed loop). After the first request every answer comes from the process's caches (the cookie's
 *   viewer and the couple's dashboard JSON), so this is the cost of a cache hit, not of reading the database.
 *   Target: at least 30% of the bare route's requests/s measured in this run.
 * - cold read: 1,000 couples, each request a different couple with a login session no cache has seen, so every
 *   request looks up the session and reads the dashboard from the database. Informative: no target yet.
 * Both couples have something waiting for the reader (issue 20): an own-pace session the partner answered ahead in,
 * and today's question the partner answered, so the dashboard's "your turn" and daily card are in every figure.
 */
import autocannon from 'autocannon';
import { type AppTarget, clientOf, createCouples, createSession, openLevelId, signIn, somethingWaitsFor } from './api';
import { mapLimit, row, type Row } from './lib';
import type { BenchContext } from './run';

// bench/realtime.ts and bench/invite-latency.ts set up through these.
export { type AppTarget, type BenchUser, createCouples, createSession, linkCouple, openLevelId, signUp } from './api';

const SESSIONS = 1_000;
const COLD_COUPLES = 1_000;
const CONNECTIONS = 100;
const DURATION_S = 10;
/** Unmeasured first runs, so V8 has compiled the hot paths of both servers before the measure. */
const WARM_UP_S = 2;
const TARGET_SHARE_OF_BARE = 0.3;
const SETUP_TIMEOUT_MS = 90_000;
/** 3,000 argon2 hashes (sign-ups, then fresh sign-ins) at about 50 ms of CPU each. */
const COLD_SETUP_TIMEOUT_MS = 240_000;

function cannon(url: string, cookie: string | undefined, connections: number, durationS: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: durationS, timeout: 10, headers: cookie ? { cookie } : {} });
}

/** Exactly `cookies.length` requests, the n-th with the n-th cookie (none when undefined): no cookie is sent twice. */
function cannonEachOnce(url: string, cookies: (string | undefined)[], connections: number): Promise<autocannon.Result> {
  let next = 0;
  // autocannon builds each connection's next request as the previous answer arrives; the builds past the last
  // request are never sent, so every request sent carries a cookie of its own.
  const setupRequest = (req: autocannon.Request) => {
    const cookie = cookies[next++ % cookies.length];
    return cookie ? { ...req, headers: { ...req.headers, cookie } } : req;
  };
  return autocannon({ url, connections, amount: cookies.length, timeout: 10, requests: [{ method: 'GET', setupRequest }] });
}

const log = (msg: string) => console.error(`[bench] dashboard: ${msg}`);
const failures = (r: autocannon.Result) => r.non2xx + r.errors;
const detail = (r: autocannon.Result) =>
  `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors} (timeouts ${r.timeouts})`;
/** Requests per second over the whole run (a run of a second or two has too few per-second samples to average). */
const rate = (r: autocannon.Result) => (r.duration > 0 ? r.requests.total / r.duration : null);

async function measureCacheHit(app: AppTarget, bareUrl: string): Promise<{ rows: Row[]; bare: autocannon.Result }> {
  const [[a, b]] = await createCouples(app, 1, 'dash', { timeoutMs: SETUP_TIMEOUT_MS });
  const levelId = await openLevelId(app, a);
  log(`creating ${SESSIONS} sessions`);
  await mapLimit(SESSIONS - 1, 10, (i) => createSession(app, i % 2 ? b : a, levelId), { what: 'dashboard: sessions', timeoutMs: SETUP_TIMEOUT_MS });
  // The last is an own-pace session the partner has answered ahead in, beside today's question they answered: what waits.
  await somethingWaitsFor(app, a, b, levelId);

  const dashboardUrl = `${app.url}/api/dashboard`;
  // One correct answer first: a 1,000-session couple whose counts do not add up would make the figure meaningless.
  const first = await clientOf(app).dashboard(a);
  if (first.gamesPlayed !== SESSIONS || first.recent.length === 0) throw new Error(`dashboard shows ${first.gamesPlayed} games played, expected ${SESSIONS}`);
  if (first.yourTurn.length < 2) throw new Error(`dashboard shows ${first.yourTurn.length} things waiting, expected the daily question and a session`);

  log(`warm-up (${WARM_UP_S} s each), then ${CONNECTIONS} connections for ${DURATION_S} s against the bare route and the dashboard`);
  await cannon(bareUrl, undefined, CONNECTIONS, WARM_UP_S);
  await cannon(dashboardUrl, a.cookie, CONNECTIONS, WARM_UP_S);
  const bare = await cannon(bareUrl, undefined, CONNECTIONS, DURATION_S);
  const dash = await cannon(dashboardUrl, a.cookie, CONNECTIONS, DURATION_S);

  const metric = `dashboard, cache hit (1 couple, ${SESSIONS.toLocaleString('en')} sessions, one waiting at own pace, today's question answered by the partner): ${CONNECTIONS} conns`;
  const rows = [
    row(
      `${metric}, req/s`,
      'req/s',
      dash.requests.average,
      bare.requests.average,
      bare.requests.average * TARGET_SHARE_OF_BARE,
      `a cache-hit figure: the same cookie and couple on every request, served from the viewer and dashboard caches; target = ${TARGET_SHARE_OF_BARE * 100}% of the bare route's req/s; app ${detail(dash)}; bare ${detail(bare)}; autocannon ${DURATION_S} s, closed loop, in the bench process`,
      { higherIsBetter: true },
    ),
    row(`${metric}, p99 latency`, 'ms', dash.latency.p99, bare.latency.p99, null),
    row(`${metric}, non-2xx + errors`, 'req', failures(dash), failures(bare), 0),
  ];
  return { rows, bare };
}

async function measureColdRead(app: AppTarget, bareUrl: string, bare: autocannon.Result): Promise<Row[]> {
  log(`cold read: ${COLD_COUPLES} couples, each with one session`);
  const couples = await createCouples(app, COLD_COUPLES, 'cold', { timeoutMs: COLD_SETUP_TIMEOUT_MS, log });
  const levelId = await openLevelId(app, couples[0][0]);
  await mapLimit(COLD_COUPLES, 10, (i) => createSession(app, couples[i][i % 2], levelId), { what: 'cold: sessions', timeoutMs: COLD_SETUP_TIMEOUT_MS });
  // What waits for each couple's first partner, whose dashboard is read: an own-pace session and today's question.
  await mapLimit(COLD_COUPLES, 10, (i) => somethingWaitsFor(app, couples[i][0], couples[i][1], levelId), { what: 'cold: what waits', timeoutMs: COLD_SETUP_TIMEOUT_MS });
  // Setup looked the sign-up cookies up (and cached them); a fresh sign-in gives each couple a login session the
  // server has never seen, and nobody has read these dashboards yet.
  const fresh = await mapLimit(COLD_COUPLES, 8, (i) => signIn(app, couples[i][0].id, `cold-${i}a@example.com`), { what: 'cold: sign-ins', timeoutMs: COLD_SETUP_TIMEOUT_MS });

  const bareCold = await cannonEachOnce(
    `${bareUrl}/api/health`,
    fresh.map(() => undefined),
    CONNECTIONS,
  );
  const cold = await cannonEachOnce(
    `${app.url}/api/dashboard`,
    fresh.map((u) => u.cookie),
    CONNECTIONS,
  );
  const metric = `dashboard, cold read (${COLD_COUPLES.toLocaleString('en')} couples, each with an own-pace session and today's question waiting; each request a different one): ${CONNECTIONS} conns`;
  return [
    row(
      `${metric}, req/s`,
      'req/s',
      rate(cold),
      // The bare route's 10 s run: 1,000 requests to it end in about a second, too short for a rate.
      bare.requests.average,
      null,
      `every request a new couple and login session: the session lookup and the dashboard queries hit the database; app ${detail(cold)}; baseline = the bare route's 10 s run above; latency baselines = the same ${COLD_COUPLES} requests to the bare route (${detail(bareCold)})`,
    ),
    row(`${metric}, p50 latency`, 'ms', cold.latency.p50, bareCold.latency.p50, null),
    row(`${metric}, p99 latency`, 'ms', cold.latency.p99, bareCold.latency.p99, null),
    row(`${metric}, non-2xx + errors`, 'req', failures(cold), failures(bareCold), 0),
  ];
}

export async function measureDashboard(ctx: BenchContext): Promise<Row[]> {
  const app: AppTarget = { url: ctx.app.url, origin: ctx.appOrigin };
  const bareUrl = ctx.bare.url;
  const hit = await measureCacheHit(app, `${bareUrl}/api/health`);
  return [...hit.rows, ...(await measureColdRead(app, bareUrl, hit.bare))];
}
