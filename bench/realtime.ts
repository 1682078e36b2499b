/**
 * Answer→partner latency in Would you rather (issue 8: events carry state): N concurrent sessions, each with two
 * Socket.IO clients (host and partner, websocket transport) joined to the session's room. The host answers over
 * HTTP (`POST /api/sessions/:id/answers` with the current item's id, as the screen sends it, alternately 'a' and
 * 'b': a resubmission replaces the answer on the same item and bumps the session's version) at a fixed rate, open
 * loop, round-robin over the sessions. The latency of an answer runs from just before its request is sent to the
 * moment the partner's simulated screen (bench/partner-screen.ts) has applied the pushed `session:answered` to the
 * snapshot it holds, with the browser's own core function, and holds the state it would render: the next version,
 * the host shown as answered, the host's answer still hidden (one clock: this process's `performance.now()`).
 * A session has at most one answer awaited at a time: an answer due while its session still awaits the previous
 * one is skipped (and counted). Lost = answers sent that the partner's screen did not hold within 5 s.
 *
 * Baseline, measured right before each app run: bench/bare-relay.mjs with the same number of rooms of two clients,
 * `POST /relay` at the same rate emitting the app's `session:answered` (same fields, same ids, so the same size) to
 * the room, each partner's screen started from the app's snapshot of that session and doing the same client work.
 * With BENCH_DATABASE_URL set, a second app process on that PostgreSQL server takes the same load, rows "(PostgreSQL)".
 */
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import type { SessionAnsweredEvent, SessionSnapshot } from '../core/contracts/sessions';
import { type AppTarget, type BenchUser, clientOf, createSession, linkCouple, openLevelId, signUp } from './api';
import { connect, startRelay } from './invite-latency';
import { mapLimit, readRssKb, repoRoot, row, type Row, runCommand, type Server, sleep, stopProcess } from './lib';
import { PartnerScreen } from './partner-screen';
import { type Awaited, type Load, runLoad } from './realtime-load';
import { type Measured, rowsOf } from './realtime-rows';
import type { BenchContext } from './run';
import { startApp } from './startup';

/** BENCH_REALTIME_SESSIONS=20 makes a quick check of the measure itself; the figures count only at 1,000. */
const SESSIONS = Number(process.env.BENCH_REALTIME_SESSIONS) || 1_000;
const RATE_PER_S = 500;
const DURATION_S = 10;
/** Unmeasured first: sequential answers (the endpoint alone, unloaded), then a short run at a low rate, so V8 has compiled the paths. */
const PROBES = 30;
const WARM_UP_RATE_PER_S = 100;
const WARM_UP_S = 2;
const REQUEST_TIMEOUT_MS = 10_000;
/** Sign-ups hash with argon2: 2,000 of them take minutes. Past this budget the measure goes on with the sessions it has. */
const SETUP_BUDGET_MS = 4 * 60_000;
const SETUP_CONCURRENCY = 8;
const CONNECT_TIMEOUT_MS = 2 * 60_000;
const JOIN_TIMEOUT_MS = 10_000;

const log = (msg: string) => console.error(`[bench] realtime: ${msg}`);

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

/**
 * Connects two sockets per room (`open(r, role)` connects and joins one; role 1 is the partner, whose screen,
 * `screens[r]` once open, applies each `session:answered`), probes, warms up, measures, closes them.
 */
async function measureServer(
  server: Server,
  load: Omit<Load, 'pid'>,
  screens: PartnerScreen[],
  open: (r: number, role: 0 | 1, all: Socket[]) => Promise<Socket>,
): Promise<Measured> {
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
      if (i % 2 === 0) return;
      const screen = screens[Math.floor(i / 2)];
      // Every event is applied, measured or not, so the screen stays on the server's version between runs.
      socket.on('session:answered', (event: SessionAnsweredEvent) =>
        screen.receive(event, (outcome) => {
          if (outcome === 'applied' || outcome === 'reread') receiver?.held(event.sessionId);
        }),
      );
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
    for (const screen of screens) screen.gaps = screen.wrong = 0;
    log(`measuring: ${RATE_PER_S}/s for ${DURATION_S} s over ${rooms} rooms`);
    const run = await runLoad(full, RATE_PER_S, DURATION_S, setReceiver);
    const sum = (of: (s: PartnerScreen) => number) => screens.reduce((n, s) => n + of(s), 0);
    return {
      run,
      rooms,
      sockets: opened.length,
      connectS,
      rssBeforeKb,
      rssKb,
      rssAfterKb: readRssKb(server.pid),
      probeMs,
      disconnects,
      gaps: sum((s) => s.gaps),
      wrong: sum((s) => s.wrong),
    };
  } finally {
    receiver = null;
    for (const s of sockets) {
      s.removeAllListeners();
      s.disconnect();
    }
    await sleep(500); // let the close frames leave
  }
}

/** Each partner's snapshot as the app serves it: the relay's screens start from them, so both sides apply to the same state. */
const readSnapshots = (app: AppTarget, rooms: Room[]) =>
  mapLimit(rooms.length, 20, (r) => clientOf(app).snapshot(rooms[r].sessionId, rooms[r].partner), { what: 'snapshots', timeoutMs: CONNECT_TIMEOUT_MS });

/**
 * The relay stands for the app's server: the bench keeps each session's version for it and posts the event the
 * app would emit. A gap (an event lost on the way) reads the state the relay's version stands for, with no request.
 */
async function measureRelay(rooms: Room[], snapshots: SessionSnapshot[]): Promise<Measured> {
  const relay = await startRelay();
  try {
    const versions = snapshots.map((s) => s.version);
    const screens: PartnerScreen[] = snapshots.map(
      (snapshot, r) =>
        new PartnerScreen(structuredClone(snapshot), rooms[r].partner.id, async () => {
          const read = structuredClone(screens[r].snapshot);
          read.version = versions[r];
          read.answers.partnerAnswered = true;
          return read;
        }),
    );
    log(`bare relay: ${rooms.length * 2} sockets, ${RATE_PER_S} events/s for ${DURATION_S} s`);
    return await measureServer(
      relay,
      {
        sessionIds: rooms.map((r) => r.sessionId),
        okStatus: 204,
        send: (r) => {
          const event: SessionAnsweredEvent = {
            sessionId: rooms[r].sessionId,
            version: ++versions[r],
            userId: rooms[r].host.id,
            itemId: screens[r].itemId,
            bothAnswered: false,
            answer: null,
          };
          return fetch(`${relay.url}/relay`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ room: `s${r}`, event: 'session:answered', payload: event }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
        },
      },
      screens,
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
  const relay = await measureRelay(rooms, await readSnapshots(app, rooms));
  log(`app${suffix}: connecting and joining ${rooms.length * 2} sockets, each partner reading its session once`);
  const client = clientOf(app);
  const screens: PartnerScreen[] = [];
  const measured = await measureServer(
    server,
    {
      sessionIds: rooms.map((r) => r.sessionId),
      okStatus: 200,
      send: (r, n) =>
        fetch(`${app.url}/api/sessions/${rooms[r].sessionId}/answers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.origin, cookie: rooms[r].host.cookie },
          body: JSON.stringify({ itemId: screens[r].itemId, answer: n % 2 ? 'b' : 'a' }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
    },
    screens,
    async (r, role, all) => {
      const room = rooms[r];
      const me = role ? room.partner : room.host;
      const socket = await connect(app.url, { extraHeaders: { origin: app.origin, cookie: me.cookie } }, all);
      const ack = (await socket.timeout(JOIN_TIMEOUT_MS).emitWithAck('session:join', { sessionId: room.sessionId })) as { ok?: boolean; error?: string } | undefined;
      if (!ack?.ok) throw new Error(`session:join refused: ${ack?.error ?? 'no ack'}`);
      // Read once in the room, as the screen opens: any later change reaches the socket.
      if (role) {
        const reread = () => client.snapshot(room.sessionId, me);
        screens[r] = new PartnerScreen(await reread(), me.id, reread);
      }
      return socket;
    },
  );
  return rowsOf({ ...measured, setupNote }, relay, suffix, { ratePerS: RATE_PER_S, durationS: DURATION_S, probes: PROBES });
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
      // `npm start` builds in its own process when the sources are newer than the build, as they are minutes into a
      // run in a tree others edit: that build's heap would then weigh on the measure (GC pauses, 600 MB of RSS).
      const build = await runCommand(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, timeoutMs: 5 * 60_000 });
      if (build.code !== 0) throw new Error(`build before the PostgreSQL app failed:\n${build.output.slice(-1500)}`);
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
