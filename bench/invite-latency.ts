/**
 * Invite→bell latency at 1,000 connected users: 500 linked couples, every user with one Socket.IO client
 * (websocket transport). Partner A invites B to a session (`POST /api/session-invites`) on a fixed schedule
 * (open loop: requests leave whether or not earlier ones have answered); the latency of one invite runs from
 * just before its HTTP request is sent to the moment B's socket receives the matching `invite:received`
 * (matched by session id, one clock: this process's `performance.now()`). An event not received within 5 s is lost.
 *
 * Baseline, in the same run: bench/bare-relay.mjs, a bare Socket.IO server whose `POST /relay` emits to a room,
 * with 1,000 clients of its own, the same rate and the same measure. Whatever the app adds beyond it is its own
 * (auth of the request, the invite's database transaction, Fastify, the payload).
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { type AppTarget, type BenchUser, createCouples, createSession, openLevelId } from './api';
import { benchDir, freePort, mapLimit, percentile, readRssKb, repoRoot, row, type Row, type Server, sleep, startServer, stopProcess, withFdLimit } from './lib';
import type { BenchContext } from './run';
import { connect } from './socket-client';

const COUPLES = 500;
const RATE_PER_S = 20;
const DURATION_S = 10;
/** Unmeasured invites first (on couples the measure does not use), so V8 has compiled the path. */
const WARM_UP = 20;
const LOST_AFTER_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
const SIGN_UP_TIMEOUT_MS = 4 * 60_000;
const STEP_TIMEOUT_MS = 90_000;
const TARGET_P99_MS = 25;

const log = (msg: string) => console.error(`[bench] invite-latency: ${msg}`);

/** Send times of the invites in flight, by the key their event carries (`invite.sessionId`), and the latencies of those that arrived. */
class Arrivals {
  private readonly waiting = new Map<string, number>();
  readonly latencies: number[] = [];
  late = 0;

  sending(key: string) {
    this.waiting.set(key, performance.now());
  }

  arrived(key: unknown) {
    if (typeof key !== 'string') return;
    const t0 = this.waiting.get(key);
    if (t0 === undefined) return; // a warm-up invite, or a duplicate
    this.waiting.delete(key);
    const ms = performance.now() - t0;
    if (ms > LOST_AFTER_MS) this.late++;
    else this.latencies.push(ms);
  }

  get outstanding() {
    return this.waiting.size;
  }
}

interface LoopResult {
  latencies: number[];
  /** Events never received, or received after LOST_AFTER_MS. */
  lost: number;
  /** HTTP status (or error name) → count. */
  statuses: Record<string, number>;
  /** Time to the HTTP answer, for telling the server's work from the fan-out. */
  httpMs: number[];
  /** How late this process sent the latest request after its scheduled time (its own event loop lag). */
  maxSendLagMs: number;
}

interface Invite {
  /** What the event carries back in `invite.sessionId`. */
  key: string;
  request: () => Promise<Response>;
}

/**
 * Sends `count` invites at `ratePerS`, open loop; `setReceiver` routes the sockets' events to this run.
 * Bounded: the run lasts count / rate seconds plus at most LOST_AFTER_MS (each request has its own timeout).
 */
async function openLoop(count: number, ratePerS: number, invite: (i: number) => Invite, setReceiver: (a: Arrivals | null) => void): Promise<LoopResult> {
  const arrivals = new Arrivals();
  const statuses: Record<string, number> = {};
  const httpMs: number[] = [];
  const tally = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const interval = 1000 / ratePerS;
  let maxSendLagMs = 0;
  const inFlight: Promise<void>[] = [];
  setReceiver(arrivals);
  try {
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const { key, request } = invite(i);
      arrivals.sending(key);
      const t0 = performance.now();
      maxSendLagMs = Math.max(maxSendLagMs, t0 - due);
      inFlight.push(
        request().then(
          async (res) => {
            await res.arrayBuffer();
            httpMs.push(performance.now() - t0);
            tally(String(res.status));
          },
          (err: Error) => void tally(err.name === 'TimeoutError' ? 'timeout' : err.name),
        ),
      );
    }
    const giveUp = performance.now() + LOST_AFTER_MS;
    while (arrivals.outstanding > 0 && performance.now() < giveUp) await sleep(10);
    await Promise.all(inFlight);
  } finally {
    setReceiver(null);
  }
  return { latencies: arrivals.latencies, lost: arrivals.outstanding + arrivals.late, statuses, httpMs, maxSendLagMs };
}

/** The bare relay; `manySockets` raises its open-file limit first (lib.ts `withFdLimit`). */
export async function startRelay({ manySockets = false } = {}): Promise<Server> {
  const port = await freePort();
  const [command, args] = manySockets ? withFdLimit(process.execPath, [`${benchDir}bare-relay.mjs`]) : [process.execPath, [`${benchDir}bare-relay.mjs`]];
  return startServer({
    command,
    args,
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    port,
    healthPath: '/health',
    timeoutMs: 30_000,
  });
}

export const mb = (kb: number | null) => (kb === null ? '?' : `${Math.round(kb / 1024)} MB`);
export const fmtMs = (ms: number | null) => (ms === null ? '–' : `${ms.toFixed(1)} ms`);
export const statusText = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}×${v}`)
    .join(', ');

export async function measureInviteLatency(ctx: BenchContext): Promise<Row[]> {
  const app: AppTarget = { url: ctx.app.url, origin: ctx.appOrigin };
  const sockets: Socket[] = [];
  let relay: Server | undefined;
  let receiver: Arrivals | null = null;
  const onInvite = (key: unknown) => receiver?.arrived(key);
  const setReceiver = (a: Arrivals | null) => (receiver = a);
  let disconnects = 0;
  try {
    relay = await startRelay();
    const relayUrl = relay.url;

    // ---- setup: 1,000 users in 500 couples, one session per A ----
    const setupStart = performance.now();
    log(`signing up ${COUPLES * 2} users (8 at a time) and linking them in ${COUPLES} couples`);
    const couples = await createCouples(app, COUPLES, 'inv', { timeoutMs: SIGN_UP_TIMEOUT_MS, log });
    const levelId = await openLevelId(app, couples[0][0]);
    const sessionIds = await mapLimit(COUPLES, 8, (i) => createSession(app, couples[i][0], levelId), { what: 'sessions', timeoutMs: STEP_TIMEOUT_MS });
    log(`setup done in ${Math.round((performance.now() - setupStart) / 1000)} s`);

    const users: BenchUser[] = couples.flat();
    const appRssBefore = readRssKb(ctx.app.pid);
    const relayRssBefore = readRssKb(relay.pid);
    log(`connecting ${users.length} sockets to the app and ${users.length} to the bare relay`);
    const connectStart = performance.now();
    const appSockets = await mapLimit(users.length, 20, (i) => connect(app.url, { extraHeaders: { origin: app.origin, cookie: users[i].cookie } }, sockets, onInvite), {
      what: 'app sockets',
      timeoutMs: STEP_TIMEOUT_MS,
    });
    const appConnectS = (performance.now() - connectStart) / 1000;
    const relaySockets = await mapLimit(users.length, 20, (i) => connect(relayUrl, { auth: { room: `u${i}` } }, sockets, onInvite), {
      what: 'relay sockets',
      timeoutMs: STEP_TIMEOUT_MS,
    });
    for (const s of [...appSockets, ...relaySockets]) s.on('disconnect', () => disconnects++);
    const appRss = readRssKb(ctx.app.pid);
    const relayRss = readRssKb(relay.pid);

    // ---- the two loads: invite i goes from A to B of couple `first + i` ----
    const appInvite =
      (first: number) =>
      (i: number): Invite => {
        const [a] = couples[first + i];
        const sessionId = sessionIds[first + i];
        return {
          key: sessionId,
          request: () =>
            fetch(`${app.url}/api/session-invites`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: app.origin, cookie: a.cookie },
              body: JSON.stringify({ sessionId }),
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            }),
        };
      };
    // The same payload shape and size as the app's SessionInviteDto, to B's room (user 2c + 1).
    const relayInvite =
      (first: number) =>
      (i: number): Invite => {
        const couple = first + i;
        const sessionId = randomUUID();
        const now = Date.now();
        const payload = {
          invite: {
            id: randomUUID(),
            sessionId,
            game: 'would_you_rather',
            status: 'pending',
            sender: { id: couples[couple][0].id, username: `inv-${couple}a` },
            createdAt: new Date(now).toISOString(),
            expiresAt: new Date(now + 86_400_000).toISOString(),
          },
        };
        return {
          key: sessionId,
          request: () =>
            fetch(`${relayUrl}/relay`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ room: `u${2 * couple + 1}`, payload }),
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            }),
        };
      };

    const total = RATE_PER_S * DURATION_S;
    if (total + WARM_UP > COUPLES) throw new Error('more invites than couples: each couple is invited once per run');
    log(`warm-up (${WARM_UP} invites each), then ${RATE_PER_S} invites/s for ${DURATION_S} s to the app and to the relay`);
    await openLoop(WARM_UP, RATE_PER_S, appInvite(COUPLES - WARM_UP), setReceiver);
    await openLoop(WARM_UP, RATE_PER_S, relayInvite(COUPLES - WARM_UP), setReceiver);
    const real = await openLoop(total, RATE_PER_S, appInvite(0), setReceiver);
    const bare = await openLoop(total, RATE_PER_S, relayInvite(0), setReceiver);
    const appRssAfter = readRssKb(ctx.app.pid);

    const p = (r: LoopResult, q: number) => percentile(r.latencies, q);
    // The app emits before it answers, so when the HTTP answer's tail matches the bell's, the time goes before the emit.
    const http = (r: LoopResult) =>
      `p95 ${fmtMs(p(r, 95))}, max ${fmtMs(percentile(r.latencies, 100))}, ${r.latencies.filter((ms) => ms > TARGET_P99_MS).length} over ${TARGET_P99_MS} ms; ` +
      `HTTP answer p50 ${fmtMs(percentile(r.httpMs, 50))}, p99 ${fmtMs(percentile(r.httpMs, 99))}`;
    const load = `${total} invites at ${RATE_PER_S}/s, open loop, ${users.length} sockets on each server (app sockets connected in ${appConnectS.toFixed(1)} s)`;
    return [
      row('invite→bell p50 (1,000 sockets)', 'ms', p(real, 50), p(bare, 50), null, `${load}; app ${http(real)}; relay ${http(bare)}`),
      row(
        'invite→bell p99 (1,000 sockets)',
        'ms',
        p(real, 99),
        p(bare, 99),
        TARGET_P99_MS,
        `RSS app ${mb(appRss)} with ${users.length} sockets (${mb(appRssBefore)} before connecting, ${mb(appRssAfter)} after the run); ` +
          `bare relay ${mb(relayRss)} (${mb(relayRssBefore)} before); max send lag of the bench ${real.maxSendLagMs.toFixed(1)} / ${bare.maxSendLagMs.toFixed(1)} ms`,
      ),
      row(
        'invite→bell lost (> 5 s or never)',
        'events',
        real.lost,
        bare.lost,
        0,
        `app HTTP ${statusText(real.statuses)}; relay HTTP ${statusText(bare.statuses)}; socket disconnects during the runs ${disconnects}`,
      ),
    ];
  } finally {
    receiver = null;
    for (const s of sockets) {
      s.removeAllListeners();
      s.disconnect();
    }
    // Let the close frames leave before the relay goes.
    await sleep(200);
    if (relay) await stopProcess(relay, 5_000);
    log(`closed ${sockets.length} sockets`);
  }
}
