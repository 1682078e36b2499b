/**
 * Login latency under a steady, open-loop load: requests leave on a fixed schedule whether or not the
 * previous ones have answered, so a slow server shows up as latency instead of quietly lowering the rate.
 */
import { ApiClient, DEFAULT_PASSWORD, fetchTransport } from '../test/api-client';
import { percentile, row, type Row, sleep } from './lib';

const USERS = 20;
const RATE_PER_S = 10;
const DURATION_S = 15;
const REQUEST_TIMEOUT_MS = 10_000;
/** Unmeasured sign-ins first, so the figures describe a warm server rather than V8 compiling the login path. */
const WARM_UP = 5;

export interface LoadResult {
  latencies: number[];
  errors: number;
  /** status (or 'timeout' / error name) → count, for the note when something failed. */
  outcomes: Record<string, number>;
}

/**
 * Fires `send(i)` RATE_PER_S times a second for DURATION_S. Latency is counted from the scheduled send time,
 * so any lag of the bench's own event loop is charged to the request rather than hidden (no coordinated omission).
 */
export async function openLoop(send: (i: number) => Promise<{ status: number }>, ratePerS = RATE_PER_S, durationS = DURATION_S): Promise<LoadResult> {
  const total = ratePerS * durationS;
  const interval = 1000 / ratePerS;
  const result: LoadResult = { latencies: [], errors: 0, outcomes: {} };
  const count = (key: string) => (result.outcomes[key] = (result.outcomes[key] ?? 0) + 1);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      (async () => {
        try {
          const res = await send(i); // the transport reads the whole answer: it counts once it has fully arrived
          result.latencies.push(performance.now() - due);
          count(String(res.status));
          if (res.status !== 200) result.errors++;
        } catch (err) {
          result.errors++;
          count((err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).name);
        }
      })(),
    );
  }
  await Promise.all(inFlight); // each request is bounded by its own timeout
  return result;
}

const userEmail = (i: number) => `bench-user-${i}@example.com`;

/** Sign-ups one at a time: they are setup, not measured. A fresh data folder per bench run means no clashes. */
async function createUsers(client: ApiClient) {
  for (let i = 0; i < USERS; i++) await client.signUp({ email: userEmail(i), username: `bench${i}` });
}

const describe = (r: LoadResult) =>
  Object.entries(r.outcomes)
    .map(([k, v]) => `${k}×${v}`)
    .join(', ');

/**
 * @param app the running app (`url` to reach it, `origin` = its APP_URL, which Better Auth checks)
 * @param bareUrl the running bare Fastify app, hit on its one route at the same rate
 */
export async function measureLogin(app: { url: string; origin: string }, bareUrl: string): Promise<Row[]> {
  const client = new ApiClient(fetchTransport(app.url, app.origin, { timeoutMs: REQUEST_TIMEOUT_MS }));
  const bareClient = new ApiClient(fetchTransport(bareUrl, bareUrl, { timeoutMs: REQUEST_TIMEOUT_MS }));
  await createUsers(client);
  for (let i = 0; i < WARM_UP; i++) await client.signIn(userEmail(i));
  // No expected status: a refused sign-in is counted by openLoop, not thrown.
  const login = await openLoop((i) => client.send('POST', '/api/auth/sign-in/email', { body: { email: userEmail(i % USERS), password: DEFAULT_PASSWORD } }));
  const bare = await openLoop(() => bareClient.send('GET', '/api/health'));

  const load = `${RATE_PER_S}/s for ${DURATION_S} s, open loop`;
  return [
    row('login: p50', 'ms', percentile(login.latencies, 50), percentile(bare.latencies, 50), null, load),
    row('login: p95', 'ms', percentile(login.latencies, 95), percentile(bare.latencies, 95), 150),
    row('login: errors (non-200)', 'req', login.errors, bare.errors, 0, `app ${describe(login)}; bare ${describe(bare)}`),
  ];
}
