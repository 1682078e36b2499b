/**
 * Answer→partner latency in Would you rather (issue "Game engine and Would You Rather"): N concurrent sessions,
 * each with two Socket.IO clients (host and partner, websocket transport) joined to the session's room. The host
 * answers over HTTP (`POST /api/sessions/:id/answers`, alternately 'a' and 'b': a resubmission replaces the answer
 * on the same item) at a fixed rate, open loop, round-robin over the sessions. The latency of an answer runs from
 * just before its request is sent to the moment the partner's socket has the matching `session:answered` (one
 * clock: this process's `performance.now()`). The event carries no counter, so a session has at most one answer
 * awaited at a time: an answer due while its session still awaits the previous one is skipped (and counted).
 * Lost = answers sent whose event never came or came after 5 s.
 *
 * Baseline, measured right before each app run: bench/bare-relay.mjs with the same number of rooms of two clients,
 * `POST /relay` at the same rate emitting `session:answered` (same payload shape) to the room, the same measure.
 * With BENCH_DATABASE_URL set, a second app process on that PostgreSQL server takes the same load, rows "(PostgreSQL)".
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { type AppTarget, type BenchUser, createSession, linkCouple, openLevelId, signUp } from './dashboard';
import { connect, fmtMs, mb, startRelay, statusText } from './invite-latency';
import { mapLimit, percentile, readCpuMs, readRssKb, row, type Row, type Server, sleep, stopProcess } from './lib';
import type { BenchContext } from './run';
import { startApp } from './startup';

const SESSIONS = 1_000;
const RATE_PER_S = 500;
const DURATION_S = 10;
/** Unmeasured first: sequential answers (the endpoint alone, unloaded), then a short run at a low rate, so V8 has compiled the paths. */
const PROBES = 30;
const WARM_UP_RATE_PER_S = 100;
const WARM_UP_S = 2;
const LOST_AFTER_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** Sign-ups hash with argon2: 2,000 of them take minutes. Past this budget the measure goes on with the sessions it has. */
const SETUP_BUDGET_MS = 4 * 60_000;
const SETUP_CONCURRENCY = 8;
const CONNECT_TIMEOUT_MS = 2 * 60_000;
const JOIN_TIMEOUT_MS = 10_000;
const TARGET_P99_MS = 25;
const TARGET_RATIO = 4;

const log = (msg: string) => console.error(`[bench] realtime: ${msg}`);

/** What the load needs of one server: the session ids its events carry (one per room) and how to send answer `n` of room `r`. */
interface Load {
  sessionIds: string[];
  send(r: number, n: number): Promise<Response>;
  okStatus: number;
  pid: number;
}

/** Per room, the send time of the answer whose event is awaited; the latencies of those that arrived in time. */
class Awaited {
  private readonly index = new Map<string, number>();
  private readonly t0: (number | undefined)[];
  readonly retired = new Set<number>();
  readonly latencies: number[] = [];
  /** Events that matched no awaited answer (a retired room's late event, say). */
  stray = 0;

  constructor(sessionIds: string[]) {
    sessionIds.forEach((id, r) => this.index.set(id, r));
    this.t0 = new Array<number | undefined>(sessionIds.length);
  }

  sentAt(r: number) {
    return this.t0[r];
  }

  sending(r: number, t0: number) {
    this.t0[r] = t0;
  }

  arrived(sessionId: unknown) {
    const r = typeof sessionId === 'string' ? this.index.get(sessionId) : undefined;
    if (r === undefined) return;
    const t0 = this.t0[r];
    if (t0 === undefined) {
      this.stray++;
      return;
    }
    this.t0[r] = undefined;
    const ms = performance.now() - t0;
    if (ms <= LOST_AFTER_MS) this.latencies.push(ms);
  }

  /** The server refused the answer: no event will come for it. */
  failed(r: number, t0: number) {
    if (this.t0[r] === t0) this.t0[r] = undefined;
  }

  /** Its event may still come, late: the room sends nothing more, so that event cannot match a later answer. */
  retire(r: number) {
    this.retired.add(r);
    this.t0[r] = undefined;
  }

  get outstanding() {
    return this.t0.reduce<number>((n, t) => n + (t === undefined ? 0 : 1), 0);
  }
}

interface LoadResult {
  latencies: number[];
  sent: number;
  /** Answered with the expected status. */
  accepted: number;
  /** Due while the room still awaited its previous answer: not sent. */
  skipped: number;
  /** Sent, and no event within LOST_AFTER_MS. */
  lost: number;
  stray: number;
  retired: number;
  statuses: Record<string, number>;
  httpMs: number[];
  maxSendLagMs: number;
  /** The server's CPU time over the run (send + drain), and that run's wall time. */
  cpuMs: number | null;
  wallMs: number;
}

/**
 * `ratePerS × durationS` answers, open loop, answer i to room i mod rooms; `setReceiver` routes the partners' events here.
 * Bounded: the sends last durationS, then at most LOST_AFTER_MS for the events and REQUEST_TIMEOUT_MS for the answers.
 */
async function runLoad(load: Load, ratePerS: number, durationS: number, setReceiver: (a: Awaited | null) => void): Promise<LoadResult> {
  const awaited = new Awaited(load.sessionIds);
  const rooms = load.sessionIds.length;
  const sentPerRoom = new Array<number>(rooms).fill(0);
  const statuses: Record<string, number> = {};
  const tally = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const httpMs: number[] = [];
  const inFlight: Promise<void>[] = [];
  const interval = 1000 / ratePerS;
  let sent = 0;
  let accepted = 0;
  let skipped = 0;
  let maxSendLagMs = 0;
  setReceiver(awaited);
  const cpuBefore = readCpuMs(load.pid);
  const start = performance.now();
  try {
    for (let i = 0; i < ratePerS * durationS; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const r = i % rooms;
      const previous = awaited.sentAt(r);
      if (awaited.retired.has(r) || previous !== undefined) {
        if (previous !== undefined && performance.now() - previous > LOST_AFTER_MS) awaited.retire(r);
        skipped++;
        continue;
      }
      const t0 = performance.now();
      maxSendLagMs = Math.max(maxSendLagMs, t0 - due);
      awaited.sending(r, t0);
      sent++;
      // The body is read inside, so a timeout while reading it counts as a timeout, not as a crash of the run.
      const answered = load.send(r, sentPerRoom[r]++).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
      inFlight.push(
        answered.then(
          (status) => {
            httpMs.push(performance.now() - t0);
            tally(String(status));
            if (status === load.okStatus) accepted++;
            else awaited.failed(r, t0);
          },
          (err: Error) => {
            tally(err.name === 'TimeoutError' ? 'timeout' : err.name);
            awaited.retire(r); // the server may still process it and emit
          },
        ),
      );
    }
    const giveUp = performance.now() + LOST_AFTER_MS;
    while (awaited.outstanding > 0 && performance.now() < giveUp) await sleep(10);
    await Promise.all(inFlight);
  } finally {
    setReceiver(null);
  }
  const cpuAfter = readCpuMs(load.pid);
  return {
    latencies: awaited.latencies,
    sent,
    accepted,
    skipped,
    lost: sent - awaited.latencies.length,
    stray: awaited.stray,
    retired: awaited.retired.size,
    statuses,
    httpMs,
    maxSendLagMs,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    wallMs: performance.now() - start,
  };
}

interface Room {
  sessionId: string;
  host: BenchUser;
  partner: BenchUser;
}

/** Up to `count` linked couples with one session each, SETUP_CONCURRENCY couples at a time, until the budget is spent. */
async function createRooms(app: AppTarget, prefix: string, count: number): Promise<Room[]> {
  const deadline = performance.now() + SETUP_BUDGET_MS;
  const couple = async (i: number) => {
    const host = await signUp(app, `${prefix}-${i}a`);
    const partner = await signUp(app, `${prefix}-${i}b`);
    await linkCouple(app, host, partner);
    return { host, partner };
  };
  const first = await couple(0);
  const levelId = await openLevelId(app, first.host);
  const rooms: Room[] = [{ ...first, sessionId: await createSession(app, first.host, levelId) }];
  const every = Math.max(1, Math.round(count / 10));
  let next = 1;
  const worker = async () => {
    while (next < count && performance.now() < deadline) {
      const c = await couple(next++);
      rooms.push({ ...c, sessionId: await createSession(app, c.host, levelId) });
      if (rooms.length % every === 0) log(`${prefix}: ${rooms.length}/${count} sessions (2 users each) set up`);
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
  return rooms;
}

/** What one server did: its load, and its memory before and after its sockets connected. */
interface Measured {
  run: LoadResult;
  rooms: number;
  sockets: number;
  connectS: number;
  rssBeforeKb: number | null;
  rssKb: number | null;
  rssAfterKb: number | null;
  /** The answer (or relay) endpoint alone: PROBES sequential requests on an idle server. */
  probeMs: number[];
  disconnects: number;
  setupNote?: string;
}

/**
 * Connects two sockets per room (`open(r, role)` connects and joins one; role 1, the partner, is the one whose
 * `session:answered` counts), probes, warms up, measures, closes them.
 */
async function measureServer(server: Server, load: Omit<Load, 'pid'>, open: (r: number, role: 0 | 1, all: Socket[]) => Promise<Socket>): Promise<Measured> {
  const full: Load = { ...load, pid: server.pid };
  const rooms = load.sessionIds.length;
  const sockets: Socket[] = [];
  let receiver: Awaited | null = null;
  const setReceiver = (a: Awaited | null) => (receiver = a);
  let disconnects = 0;
  try {
    const rssBeforeKb = readRssKb(server.pid);
    const connectStart = performance.now();
    const opened = await mapLimit(rooms * 2, 20, (i) => open(Math.floor(i / 2), (i % 2) as 0 | 1, sockets), { what: 'sockets', timeoutMs: CONNECT_TIMEOUT_MS });
    const connectS = (performance.now() - connectStart) / 1000;
    opened.forEach((socket, i) => {
      socket.on('disconnect', () => disconnects++);
      if (i % 2 === 1) socket.on('session:answered', (payload: { sessionId?: unknown } | undefined) => receiver?.arrived(payload?.sessionId));
    });
    await sleep(1_000); // presence broadcasts of the joins settle
    const rssKb = readRssKb(server.pid);

    const probeMs: number[] = [];
    for (let k = 0; k < PROBES; k++) {
      const t0 = performance.now();
      const res = await load.send(k % rooms, k);
      await res.arrayBuffer();
      if (res.status !== load.okStatus) throw new Error(`probe answered ${res.status}`);
      probeMs.push(performance.now() - t0);
    }
    await runLoad(full, WARM_UP_RATE_PER_S, WARM_UP_S, setReceiver);
    log(`measuring: ${RATE_PER_S}/s for ${DURATION_S} s over ${rooms} rooms`);
    const run = await runLoad(full, RATE_PER_S, DURATION_S, setReceiver);
    return { run, rooms, sockets: opened.length, connectS, rssBeforeKb, rssKb, rssAfterKb: readRssKb(server.pid), probeMs, disconnects };
  } finally {
    receiver = null;
    for (const s of sockets) {
      s.removeAllListeners();
      s.disconnect();
    }
    await sleep(500); // let the close frames leave
  }
}

async function measureRelay(rooms: number): Promise<Measured> {
  const relay = await startRelay();
  try {
    const sessionIds = Array.from({ length: rooms }, () => randomUUID());
    const hostIds = Array.from({ length: rooms }, () => randomUUID());
    const itemIds = Array.from({ length: rooms }, () => randomUUID());
    log(`bare relay: ${rooms * 2} sockets, ${RATE_PER_S} events/s for ${DURATION_S} s`);
    return await measureServer(
      relay,
      {
        sessionIds,
        okStatus: 204,
        // The app's payload, to the room of both clients.
        send: (r) =>
          fetch(`${relay.url}/relay`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ room: `s${r}`, event: 'session:answered', payload: { sessionId: sessionIds[r], userId: hostIds[r], itemId: itemIds[r], bothAnswered: false } }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          }),
      },
      (r, _role, all) => connect(relay.url, { auth: { room: `s${r}` } }, all),
    );
  } finally {
    await stopProcess(relay, 5_000);
  }
}

/**
 * Sets up the app's sessions, then measures the bare relay with as many rooms and right after it the app, so
 * both see the same machine (it is shared: other load comes and goes), and the app's backlog, if it falls behind,
 * cannot weigh on the relay.
 */
async function measureApp(server: Server, app: AppTarget, prefix: string, suffix: string): Promise<Row[]> {
  const setupStart = performance.now();
  log(`${prefix}: signing up ${SESSIONS * 2} users (${SETUP_CONCURRENCY} couples at a time), linking them, one session per couple (budget ${SETUP_BUDGET_MS / 60_000} min)`);
  const rooms = await createRooms(app, prefix, SESSIONS);
  const setupS = Math.round((performance.now() - setupStart) / 1000);
  log(`${prefix}: ${rooms.length} sessions set up in ${setupS} s`);
  const setupNote = rooms.length < SESSIONS ? `setup budget (${SETUP_BUDGET_MS / 60_000} min) ran out: ${rooms.length} of ${SESSIONS} sessions used` : `setup ${setupS} s`;
  const relay = await measureRelay(rooms.length);
  log(`app${suffix}: connecting and joining ${rooms.length * 2} sockets`);
  const measured = await measureServer(
    server,
    {
      sessionIds: rooms.map((r) => r.sessionId),
      okStatus: 200,
      send: (r, n) =>
        fetch(`${app.url}/api/sessions/${rooms[r].sessionId}/answers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.origin, cookie: rooms[r].host.cookie },
          body: JSON.stringify({ answer: n % 2 ? 'b' : 'a' }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
    },
    async (r, role, all) => {
      const room = rooms[r];
      const socket = await connect(app.url, { extraHeaders: { origin: app.origin, cookie: (role ? room.partner : room.host).cookie } }, all);
      const ack = (await socket.timeout(JOIN_TIMEOUT_MS).emitWithAck('session:join', { sessionId: room.sessionId })) as { ok?: boolean; error?: string } | undefined;
      if (!ack?.ok) throw new Error(`session:join refused: ${ack?.error ?? 'no ack'}`);
      return socket;
    },
  );
  return rowsOf({ ...measured, setupNote }, relay, suffix);
}

/** The whole process's RSS with its sockets connected, per 1,000 of them. */
const perThousand = (m: Measured) => (m.rssKb === null ? null : (m.rssKb / 1024) * (1000 / m.sockets));
const growth = (m: Measured) => (m.rssKb === null || m.rssBeforeKb === null ? '?' : `${m.rssKb >= m.rssBeforeKb ? '+' : ''}${Math.round((m.rssKb - m.rssBeforeKb) / 1024)} MB`);

function rowsOf(app: Measured, relay: Measured, suffix: string): Row[] {
  const p = (m: Measured, q: number) => percentile(m.run.latencies, q);
  const pct = (values: number[], q: number) => fmtMs(percentile(values, q));
  const detail = (m: Measured) =>
    `${m.run.sent} sent (${(m.run.sent / DURATION_S).toFixed(0)}/s; ${m.run.skipped} skipped, session still awaiting its previous answer), ` +
    `p95 ${pct(m.run.latencies, 95)}, max ${pct(m.run.latencies, 100)}, ${m.run.latencies.filter((ms) => ms > TARGET_P99_MS).length} over ${TARGET_P99_MS} ms; ` +
    `HTTP answer p50 ${pct(m.run.httpMs, 50)}, p99 ${pct(m.run.httpMs, 99)}`;
  const cpu = (m: Measured) =>
    m.run.cpuMs === null || m.run.accepted === 0
      ? '?'
      : `${(m.run.cpuMs / m.run.accepted).toFixed(1)} ms CPU per answer (${((100 * m.run.cpuMs) / m.run.wallMs).toFixed(0)}% of one core over the run)`;
  const p99 = p(app, 99);
  const relayP99 = p(relay, 99);
  const ratio = p99 !== null && relayP99 ? p99 / relayP99 : null;
  const name = `(${app.rooms} sessions, ${RATE_PER_S}/s)${suffix}`;
  return [
    row(
      `realtime p50 ${name}`,
      'ms',
      p(app, 50),
      p(relay, 50),
      null,
      `percentiles over the events received within ${LOST_AFTER_MS / 1000} s; ${RATE_PER_S}/s offered for ${DURATION_S} s, open loop, round-robin, ${app.sockets} app sockets (connected and joined in ${app.connectS.toFixed(1)} s; ${app.setupNote}); ` +
        `app ${detail(app)}; relay ${detail(relay)} (${relay.sockets} sockets)`,
    ),
    row(
      `realtime p99 ${name}`,
      'ms',
      p99,
      relayP99,
      TARGET_P99_MS,
      `ratio to the bare relay ${ratio === null ? '?' : `${ratio.toFixed(2)}×`} (target ≤ ${TARGET_RATIO}×: ${ratio === null ? '?' : ratio <= TARGET_RATIO ? 'met' : 'MISSED'}); ` +
        `app ${cpu(app)}, relay ${cpu(relay)}; endpoint alone (${PROBES} sequential, idle server) app p50 ${pct(app.probeMs, 50)}, relay p50 ${pct(relay.probeMs, 50)}; ` +
        `max send lag of the bench ${app.run.maxSendLagMs.toFixed(1)} / ${relay.run.maxSendLagMs.toFixed(1)} ms`,
    ),
    row(
      `realtime lost (> 5 s or never)${suffix}`,
      'events',
      app.run.lost,
      relay.run.lost,
      0,
      `app HTTP ${statusText(app.run.statuses)}; relay HTTP ${statusText(relay.run.statuses)}; stray events ${app.run.stray} / ${relay.run.stray}; ` +
        `sessions retired (event overdue or request failed) ${app.run.retired} / ${relay.run.retired}; socket disconnects ${app.disconnects} / ${relay.disconnects}`,
    ),
    row(
      `realtime RSS per 1,000 sockets${suffix}`,
      'MB',
      perThousand(app),
      perThousand(relay),
      null,
      `whole-process RSS with the sockets connected (and joined) ÷ ${app.sockets / 1000}; app ${mb(app.rssKb)} with ${app.sockets} sockets (${growth(app)} from connecting them, ` +
        `${mb(app.rssBeforeKb)} before: the setup's garbage being collected can outweigh them), ${mb(app.rssAfterKb)} after the run; ` +
        `relay ${mb(relay.rssKb)} with ${relay.sockets} (${growth(relay)} from connecting), ${mb(relay.rssAfterKb)} after`,
    ),
  ];
}

const failedRow = (what: string, err: unknown) => row(`${what}: FAILED`, '', null, null, null, (err as Error).message.split('\n').slice(0, 4).join(' ⏎ '));

export async function measureRealtime(ctx: BenchContext): Promise<Row[]> {
  // Unique per run: the PostgreSQL database outlives the run.
  const runId = Date.now().toString(36);
  const rows: Row[] = [];
  try {
    rows.push(...(await measureApp(ctx.app, { url: ctx.app.url, origin: ctx.appOrigin }, `rt${runId}`, '')));
  } catch (err) {
    log(`PGlite run failed: ${(err as Error).stack ?? err}`);
    rows.push(failedRow('realtime', err));
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) {
    let pg: Server | undefined;
    try {
      log('starting the app on PostgreSQL (BENCH_DATABASE_URL)');
      pg = await startApp({ dataDir: path.join(ctx.tmpDir, 'realtime-pg'), databaseUrl });
      rows.push(...(await measureApp(pg, { url: pg.url, origin: `http://localhost:${pg.port}` }, `rtpg${runId}`, ' (PostgreSQL)')));
    } catch (err) {
      log(`PostgreSQL run failed: ${(err as Error).stack ?? err}`);
      rows.push(failedRow('realtime (PostgreSQL)', err));
    } finally {
      if (pg) await stopProcess(pg);
    }
  }
  return rows;
}
