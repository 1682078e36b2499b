/**
 * Answer→partner latency in Would you rather (issue 8: events carry state): N concurrent sessions, each with two
 * Socket.IO clients (host and partner, websocket transport) joined to the session's room. The host answers over
 * HTTP (`POST /api/sessions/:id/answers` with the current item's id, as the screen sends it, alternately 'a' and
 * 'b': a resubmission replaces the answer on the same item and bumps the session's version) at a fixed rate, open
 * loop, round-robin over the sessions. The latency of an answer runs from just before its request is sent to the
 * moment the partner's simulated screen (bench/partner-screen.ts) has applied the pushed `session:answered` to the
 * snapshot it holds, with the browser's own core function, and holds the state it would render: the next version,
 * the host shown as answered, the host's answer still hidden. A session has at most one answer awaited at a time:
 * an answer due while its session still awaits the previous one is skipped (and counted). Lost = answers sent that
 * the partner's screen did not hold within 5 s.
 *
 * The load comes from generator processes of its own (bench/load-fleet.ts, issue 13): each holds both sockets of
 * its share of the sessions and times its answers on its own clock, and reports how late its answers left.
 *
 * Baseline, measured right before each app run: bench/bare-relay.mjs with the same number of rooms of two clients,
 * `POST /relay` at the same rate emitting the app's `session:answered` (same fields, same ids, so the same size) to
 * the room, each partner's screen started from the app's snapshot of that session and doing the same client work.
 * With BENCH_DATABASE_URL set, an app process on a scratch database of that server takes the same load, rows
 * "(PostgreSQL)".
 */
import type { SessionSnapshot } from '../core/contracts/sessions';
import { type AppTarget, clientOf } from './api';
import { FlushProbe } from './disk-flush';
import { postgresBench, type Room, roomsThroughApi } from './fixtures';
import { startRelay } from './invite-latency';
import { mapLimit, profileWindows, readRssKb, row, type Row, type Server, sleep, stopProcess } from './lib';
import { type FleetOptions, LoadFleet } from './load-fleet';
import type { RoomSpec, Target } from './load-protocol';
import { type Measured, rowsOf } from './realtime-rows';
import type { BenchContext } from './run';

/** BENCH_REALTIME_SESSIONS=20 makes a quick check of the measure itself; the figures count only at 1,000. */
const SESSIONS = Number(process.env.BENCH_REALTIME_SESSIONS) || 1_000;
const RATE_PER_S = 500;
const DURATION_S = 10;
/** Issue 13: p99 ≤ 10 ms and ≤ 3× the relay, 0 lost, on PostgreSQL and on PGlite. */
const TARGET_P99_MS = 10;
/** Unmeasured first: sequential answers (the endpoint alone, unloaded), then a short run at a low rate, so V8 has compiled the paths, then every session once at the measured rate. */
export const PROBES = 30;
export const WARM_UP_RATE_PER_S = 100;
export const WARM_UP_S = 2;

const log = (msg: string) => console.error(`[bench] realtime: ${msg}`);

/** Each partner's snapshot as the app serves it: the relay's screens start from them, so both sides apply to the same state. */
const readSnapshots = (app: AppTarget, rooms: Room[]) =>
  mapLimit(rooms.length, 20, (r) => clientOf(app).snapshot(rooms[r].sessionId, rooms[r].partner), { what: 'snapshots', timeoutMs: 2 * 60_000 });

/** The relay's rooms: the app's sessions, ids and snapshots, under room names of the relay's own. */
export async function relayRooms(app: AppTarget, rooms: Room[]): Promise<RoomSpec[]> {
  const snapshots: SessionSnapshot[] = await readSnapshots(app, rooms);
  return rooms.map((room, r) => ({ ...room, hostServer: 0, partnerServer: 0, relayRoom: `s${r}`, snapshot: snapshots[r] }));
}

/** The app's rooms over `servers` processes: room r's host answers on process r mod n, its partner's socket is on the next one. */
export const appRooms = (rooms: Room[], servers: number): RoomSpec[] => rooms.map((room, r) => ({ ...room, hostServer: r % servers, partnerServer: (r + 1) % servers }));

export const targetOf = (server: Server, origin = `http://localhost:${server.port}`): Target => ({ url: server.url, origin });

const rssOf = (servers: Server[]) => {
  const kbs = servers.map((s) => readRssKb(s.pid));
  return kbs.some((kb) => kb === null) ? null : kbs.reduce<number>((n, kb) => n + kb!, 0);
};

/** Connects a fleet to `servers`, lets the joins' presence broadcasts settle, and reads the servers' RSS with every socket joined. */
export async function connectFleet(servers: Server[], opts: Omit<FleetOptions, 'serverPids'>) {
  const rssBeforeKb = rssOf(servers);
  const fleet = await LoadFleet.start({ ...opts, serverPids: servers.map((s) => s.pid) });
  await sleep(1_000); // presence broadcasts of the joins settle
  return { fleet, rssBeforeKb, rssKb: rssOf(servers) };
}

/** Probes, warms up, measures `ratePerS` for `durationS`, closes: one server's (or one pair's) figures. */
export async function measureFleet(servers: Server[], opts: Omit<FleetOptions, 'serverPids'>, load: { ratePerS: number; durationS: number; window: string }): Promise<Measured> {
  const { fleet, rssBeforeKb, rssKb } = await connectFleet(servers, opts);
  try {
    const probeMs = await fleet.probe(PROBES);
    await fleet.run(WARM_UP_RATE_PER_S, WARM_UP_S);
    // Then every session answered once at the measured rate, unmeasured: the measure is a running server's steady
    // state, not the step up to a new rate (V8 and the WASM tiering up, queues forming) nor each session's first
    // write. Its figures stay in the notes (docs/performance.md).
    const firsts = await fleet.run(load.ratePerS, Math.ceil(opts.rooms.length / load.ratePerS));
    log(`${opts.label}: measuring ${load.ratePerS}/s for ${load.durationS} s over ${opts.rooms.length} rooms from ${fleet.pids.length} generator processes`);
    const run = await fleet.run(load.ratePerS, load.durationS, load.window);
    return {
      run,
      rooms: opts.rooms.length,
      sockets: fleet.sockets,
      connectS: fleet.connectS,
      rssBeforeKb,
      rssKb,
      rssAfterKb: rssOf(servers),
      probeMs,
      firstAnswersMs: firsts.latencies,
      generators: fleet.pids.length,
    };
  } finally {
    await fleet.close();
  }
}

/**
 * The bare relay with as many rooms, and right after it the app, so both see the same machine (it is shared: other
 * load comes and goes), and the app's backlog, if it falls behind, cannot weigh on the relay.
 */
async function measureApp(server: Server, app: AppTarget, rooms: Room[], suffix: string, setupNote: string): Promise<Row[]> {
  const relay = await startRelay();
  let bare: Measured;
  try {
    log(`bare relay: ${rooms.length * 2} sockets, ${RATE_PER_S} events/s for ${DURATION_S} s`);
    bare = await measureFleet(
      [relay],
      { kind: 'relay', servers: [targetOf(relay)], rooms: await relayRooms(app, rooms), label: 'bare relay' },
      {
        ratePerS: RATE_PER_S,
        durationS: DURATION_S,
        window: `realtime relay${suffix}`,
      },
    );
  } finally {
    await stopProcess(relay, 5_000);
  }
  log(`app${suffix}: connecting and joining ${rooms.length * 2} sockets, each partner reading its session once`);
  const measured = await measureFleet(
    [server],
    { kind: 'app', servers: [app], rooms: appRooms(rooms, 1), label: `app${suffix}` },
    {
      ratePerS: RATE_PER_S,
      durationS: DURATION_S,
      window: `realtime${suffix}`,
    },
  );
  return rowsOf({ ...measured, setupNote }, bare, suffix, { ratePerS: RATE_PER_S, durationS: DURATION_S, probes: PROBES, targetP99Ms: TARGET_P99_MS });
}

/** The disk's flushes during the app's measured window on PostgreSQL, second by second beside the app's p99 (issue 22). */
function flushRow(probe: FlushProbe, suffix: string): Row {
  const window = profileWindows.findLast((w) => w.label === `realtime${suffix}`);
  if (!window) return row(`realtime: the disk's flush during the measure${suffix}`, 'ms', null, null, null, 'no measured window');
  const stats = probe.within(window.fromUs / 1000, window.toUs / 1000);
  const fmt = (ms: number | null) => (ms === null ? '–' : ms.toFixed(ms < 10 ? 1 : 0));
  return row(
    `realtime: the disk's flush during the measure${suffix}`,
    'ms',
    stats.p99,
    null,
    null,
    `8 KB written and fdatasync'd every 50 ms in ${probe.where}, over the app's measured ${DURATION_S} s: ${stats.flushes} flushes, p50 ${fmt(stats.p50)}, p99 ${fmt(stats.p99)}, max ${fmt(stats.max)} ms; ` +
      `the slowest flush second by second (beside the p99 row's seconds): ${stats.maxPerSecond.map(fmt).join(', ')} ms. A durable commit waits for such a flush (decision 025)`,
  );
}

const failedRow = (what: string, err: unknown) => row(`${what}: FAILED`, '', null, null, null, (err as Error).message.split('\n').slice(0, 4).join(' ⏎ '));

const setupNote = (rooms: Room[], startMs: number, how: string) =>
  `${rooms.length < SESSIONS ? `setup budget ran out: ${rooms.length} of ${SESSIONS} sessions used` : `${rooms.length} sessions`} ${how}, setup ${Math.round((performance.now() - startMs) / 1000)} s`;

export async function measureRealtime(ctx: BenchContext): Promise<Row[]> {
  const rows: Row[] = [];
  try {
    const app: AppTarget = { url: ctx.app.url, origin: ctx.appOrigin };
    const start = performance.now();
    const rooms = await roomsThroughApi(app, SESSIONS);
    rows.push(...(await measureApp(ctx.app, app, rooms, '', setupNote(rooms, start, 'made through the API'))));
  } catch (err) {
    log(`PGlite run failed: ${(err as Error).stack ?? err}`);
    rows.push(failedRow('realtime', err));
  }
  const postgres = postgresBench(ctx.tmpDir);
  if (postgres) {
    let pg: Server | undefined;
    try {
      log('starting the app on PostgreSQL (BENCH_DATABASE_URL, a scratch database)');
      const bench = await postgres;
      const start = performance.now();
      const rooms = await bench.roomsFor(SESSIONS);
      pg = await bench.startApp();
      const app = targetOf(pg);
      const flushes = await FlushProbe.start(bench.url);
      try {
        rows.push(
          ...(await measureApp(pg, app, rooms, ' (PostgreSQL)', setupNote(rooms, start, 'seeded (players) and made through the API (sessions) by an app process of their own'))),
        );
      } finally {
        await flushes.stop();
      }
      rows.push(flushRow(flushes, ' (PostgreSQL)'));
    } catch (err) {
      log(`PostgreSQL run failed: ${(err as Error).stack ?? err}`);
      rows.push(failedRow('realtime (PostgreSQL)', err));
    } finally {
      if (pg) await stopProcess(pg);
    }
  }
  return rows;
}
