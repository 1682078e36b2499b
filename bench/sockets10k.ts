/**
 * 10,000 sockets in one app process (issue 13): 5,000 sessions on PostgreSQL, both players of each connected and
 * joined to its room, from four generator processes (2,500 sockets each, so no client process holds them all).
 * Measured: the app's RSS with every socket joined (target ≤ 600 MB), then the answer path as bench/realtime.ts
 * measures it, 500 answers/s for 10 s over all 5,000 sessions, with the 10,000 sockets connected (p99 ≤ 15 ms).
 * Baseline, right before, in the same run: the bare relay with the same 10,000 sockets in 5,000 rooms, the same load.
 *
 * Both servers and the generators run with their soft open-file limit raised to the hard one (lib.ts
 * `withFdLimit`): 10,000 sockets need more than the usual 1,024. The players and sessions are seeded by an app
 * process of their own (bench/fixtures.ts), so the measured process's memory holds the sockets, not the setup.
 */
import { postgresBench } from './fixtures';
import { mb, startRelay } from './invite-latency';
import { readFdLimit, row, type Row, type Server, stopProcess } from './lib';
import { appRooms, measureFleet, PROBES, relayRooms, targetOf } from './realtime';
import { type Measured, rowsOf } from './realtime-rows';
import type { BenchContext } from './run';

const SESSIONS = Number(process.env.BENCH_SOCKETS10K_SESSIONS) || 5_000;
const RATE_PER_S = 500;
const DURATION_S = 10;
const GENERATORS = 4;
const TARGET_RSS_MB = 600;
const TARGET_P99_MS = 15;
const CONNECT_TIMEOUT_MS = 6 * 60_000;
/** Sockets connecting at once per generator process (so 4 × this in all). */
const CONNECT_CONCURRENCY = 16;

const log = (msg: string) => console.error(`[bench] sockets10k: ${msg}`);

const limitText = (server: Server) => {
  const limit = readFdLimit(server.pid);
  return limit === null ? '?' : String(limit);
};

export async function measureSockets10k(ctx: BenchContext): Promise<Row[]> {
  const postgres = postgresBench(ctx.tmpDir);
  if (!postgres) return [row('sockets10k: skipped', '', null, null, null, 'needs PostgreSQL: set BENCH_DATABASE_URL')];
  const bench = await postgres;
  const rooms = await bench.roomsFor(SESSIONS);
  const sockets = `${rooms.length * 2} sockets`;
  const load = { ratePerS: RATE_PER_S, durationS: DURATION_S };
  const fleet = { workers: GENERATORS, connectConcurrency: CONNECT_CONCURRENCY, connectTimeoutMs: CONNECT_TIMEOUT_MS };

  let app: Server | undefined;
  let relay: Server | undefined;
  let bare: Measured;
  let relayLimit = '?';
  try {
    // The relay reads its rooms' snapshots from an app on the same database; then the relay alone is measured.
    app = await bench.startApp({ manySockets: true });
    const specs = await relayRooms(targetOf(app), rooms);
    await stopProcess(app);
    app = undefined;
    relay = await startRelay({ manySockets: true });
    relayLimit = limitText(relay);
    log(`bare relay: ${sockets} in ${rooms.length} rooms, then ${RATE_PER_S}/s for ${DURATION_S} s`);
    bare = await measureFleet(
      [relay],
      { ...fleet, kind: 'relay', servers: [targetOf(relay)], rooms: specs, label: 'bare relay, 10k sockets' },
      { ...load, window: 'sockets10k relay' },
    );
  } finally {
    if (app) await stopProcess(app);
    if (relay) await stopProcess(relay, 5_000);
  }

  app = await bench.startApp({ manySockets: true });
  try {
    const appLimit = limitText(app);
    log(`app (PostgreSQL): connecting and joining ${sockets} to ${rooms.length} sessions, then ${RATE_PER_S}/s for ${DURATION_S} s`);
    const measured = await measureFleet(
      [app],
      { ...fleet, kind: 'app', servers: [targetOf(app)], rooms: appRooms(rooms, 1), label: 'app, 10k sockets' },
      { ...load, window: 'sockets10k' },
    );
    const suffix = ` (${measured.sockets.toLocaleString('en-US')} sockets, PostgreSQL)`;
    const rssMb = (kb: number | null) => (kb === null ? null : kb / 1024);
    return [
      row(
        `sockets10k: app RSS with ${measured.sockets} sockets joined`,
        'MB',
        rssMb(measured.rssKb),
        rssMb(bare.rssKb),
        TARGET_RSS_MB,
        `${measured.sockets} sockets in ${measured.rooms} sessions, connected and joined in ${measured.connectS.toFixed(1)} s from ${measured.generators} generator processes; ` +
          `app ${mb(measured.rssBeforeKb)} before they connected, ${mb(measured.rssAfterKb)} after the run; relay ${mb(bare.rssBeforeKb)} before, ${mb(bare.rssAfterKb)} after; ` +
          `open-file limit app ${appLimit}, relay ${relayLimit}`,
      ),
      ...rowsOf({ ...measured, setupNote: `${rooms.length} sessions seeded (players) and made through the API (sessions) by an app process of their own` }, bare, suffix, {
        ...load,
        probes: PROBES,
        targetP99Ms: TARGET_P99_MS,
      }).filter((r) => !r.metric.startsWith('realtime RSS')),
    ];
  } finally {
    await stopProcess(app);
  }
}
