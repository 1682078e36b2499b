/**
 * The answer path's ceiling (issue 13): the highest rate of answers per second at which the answer → partner's
 * screen p99 stays within 25 ms with nothing lost, found by stepping the rate (BENCH_CEILING_RATES, default 250,
 * 500, 1,000, 1,500, 2,000, 3,000, 4,000/s, and for the relay 6,000 and 8,000 too; STEP_S seconds each, open
 * loop, 1,000 sessions and 2,000 sockets, the load from generator processes of its own, bench/load-fleet.ts). The
 * same measure as bench/realtime.ts, only stepped, for: the bare relay (the baseline, in the same run), one app
 * process on PGlite, one on PostgreSQL, and two on PostgreSQL behind Redis (BENCH_REDIS_URL), the sessions spread
 * over both: each host answers on one process while its partner's screen is on the other, so every event crosses
 * Redis.
 *
 * A step passes when its p99 is within the target, nothing is lost, every answer was accepted and none skipped. A
 * step that fails is run again, up to TRIES runs (the machine is shared: one burst of someone else's load must
 * not end the climb); the climb stops at a step that failed every run. A step in which the generators' own send
 * lag (p99) exceeded GENERATOR_LAG_MS is marked: the rate was not offered as scheduled, so that step says as much
 * about the machine as about the server. */
import { type AppTarget } from './api';
import { postgresBench, type Room, roomsThroughApi } from './fixtures';
import { startRelay } from './invite-latency';
import { percentile, row, type Row, type Server, sleep, stopProcess } from './lib';
import type { LoadFleet } from './load-fleet';
import type { RoomSpec } from './load-protocol';
import { appRooms, connectFleet, relayRooms, targetOf, WARM_UP_RATE_PER_S, WARM_UP_S } from './realtime';
import { type LoadResult, p99PerSecond } from './realtime-load';
import type { BenchContext } from './run';

const RATES = (process.env.BENCH_CEILING_RATES ?? '250,500,1000,1500,2000,3000,4000').split(',').map(Number);
/** The relay usually passes every step: these tell how far above the last it goes, so a ratio to it is not a bound. */
const RELAY_EXTRA_RATES = [6_000, 8_000];
const STEP_S = 5;
const SESSIONS = Number(process.env.BENCH_CEILING_SESSIONS) || 1_000;
const TARGET_P99_MS = 25;
/** Issue 13's targets: one PostgreSQL process, one PGlite process, two processes against one. */
const TARGET_POSTGRES = 2_000;
const TARGET_PGLITE = 1_000;
const TARGET_SCALE_OUT = 1.7;
const GENERATOR_LAG_MS = 5;
/** Runs of a step before it counts as failed: a burst of someone else's load on this shared machine must not end the climb. */
const TRIES = 3;

const log = (msg: string) => console.error(`[bench] ceiling: ${msg}`);

interface Step {
  ratePerS: number;
  run: LoadResult;
  passed: boolean;
  /** The generators' send lag p99 over GENERATOR_LAG_MS. */
  generatorBehind: boolean;
}

interface Climb {
  label: string;
  /** The highest rate that passed before the climb stopped; null when the first did not. */
  ceiling: number | null;
  /** Every rate passed: the ceiling is above the last step. */
  topped: boolean;
  steps: Step[];
  sockets: number;
  connectS: number;
}

const p99 = (run: LoadResult) => percentile(run.latencies, 99);

function judge(ratePerS: number, run: LoadResult): Step {
  const ms = p99(run);
  const passed = ms !== null && ms <= TARGET_P99_MS && run.lost === 0 && run.skipped === 0 && run.accepted === run.sent;
  const generatorBehind = run.sendLag.some((l) => (l.p99 ?? 0) > GENERATOR_LAG_MS);
  return { ratePerS, run, passed, generatorBehind };
}

/** Warms up, then steps the rate until a step fails TRIES times in a row. */
async function climbRates(fleet: LoadFleet, label: string, rates: number[]): Promise<Omit<Climb, 'sockets' | 'connectS' | 'label'>> {
  await fleet.run(WARM_UP_RATE_PER_S, WARM_UP_S);
  const steps: Step[] = [];
  let ceiling: number | null = null;
  for (const ratePerS of rates) {
    let step: Step | undefined;
    for (let attempt = 1; attempt <= TRIES && !step?.passed; attempt++) {
      if (attempt > 1) await sleep(2_000);
      step = judge(ratePerS, await fleet.run(ratePerS, STEP_S, `ceiling ${label} ${ratePerS}/s${attempt > 1 ? ` (try ${attempt})` : ''}`));
      steps.push(step);
      log(`${label}: ${attempt > 1 ? `try ${attempt}: ` : ''}${stepText(step)}`);
    }
    if (!step?.passed) return { ceiling, topped: false, steps };
    ceiling = ratePerS;
    await sleep(1_000); // the last step's stragglers and GC settle
  }
  return { ceiling, topped: true, steps };
}

/** Connects a fleet to `servers` with these rooms, climbs, closes. */
async function climb(label: string, kind: 'app' | 'relay', servers: Server[], targets: AppTarget[], rooms: RoomSpec[]): Promise<Climb> {
  log(`${label}: connecting and joining ${rooms.length * 2} sockets`);
  const { fleet } = await connectFleet(servers, { kind, servers: targets, rooms, label });
  try {
    const rates = kind === 'relay' ? [...RATES, ...RELAY_EXTRA_RATES.filter((r) => r > RATES[RATES.length - 1])] : RATES;
    return { label, sockets: fleet.sockets, connectS: fleet.connectS, ...(await climbRates(fleet, label, rates)) };
  } finally {
    await fleet.close();
  }
}

const fmt = (ms: number | null) => (ms === null ? '–' : ms.toFixed(1));

function stepText(s: Step): string {
  const { run } = s;
  const cpu = run.cpuMs === null || run.accepted === 0 ? '?' : `${(run.cpuMs / run.accepted).toFixed(2)} ms CPU/answer, ${((100 * run.cpuMs) / run.wallMs).toFixed(0)}% of a core`;
  const lag = run.sendLag.map((l) => fmt(l.p99)).join('/');
  const generators = run.generatorCpuMs.map((ms) => (ms === null ? '?' : `${((100 * ms) / run.wallMs).toFixed(0)}%`)).join('/');
  const refused = run.sent - run.accepted;
  return (
    `${s.ratePerS}/s ${s.passed ? 'ok' : 'FAILED'}: p50 ${fmt(percentile(run.latencies, 50))}, p99 ${fmt(p99(run))} ms, ${run.lost} lost, ${run.skipped} skipped` +
    `${refused ? `, ${refused} refused or failed` : ''}${s.passed ? '' : ` (p99 second by second: ${p99PerSecond(run).map(fmt).join(', ')} ms)`}; ` +
    `server ${cpu}; generators' send lag p99 ${lag} ms${s.generatorBehind ? ' (behind schedule)' : ''}, their CPU ${generators} of a core`
  );
}

const climbText = (c: Climb) =>
  `${c.sockets} sockets (connected and joined in ${c.connectS.toFixed(1)} s); ${c.topped ? `every step passed: the ceiling is above ${c.ceiling}/s; ` : ''}steps: ${c.steps.map(stepText).join('; ')}`;

const ceilingRow = (metric: string, c: Climb | null, relay: Climb | null, target: number | null, skipped?: string) =>
  row(metric, 'answers/s', c?.ceiling ?? null, relay?.ceiling ?? null, target, c ? climbText(c) : skipped, { higherIsBetter: true });

async function withServers<T>(start: () => Promise<Server[]>, work: (servers: Server[]) => Promise<T>): Promise<T> {
  const servers: Server[] = [];
  try {
    servers.push(...(await start()));
    return await work(servers);
  } finally {
    await Promise.all(servers.map((s) => stopProcess(s)));
  }
}

export async function measureCeiling(ctx: BenchContext): Promise<Row[]> {
  const pgliteApp: AppTarget = { url: ctx.app.url, origin: ctx.appOrigin };
  const pgliteRooms = await roomsThroughApi(pgliteApp, SESSIONS);
  const postgres = postgresBench(ctx.tmpDir);
  const redisUrl = process.env.BENCH_REDIS_URL;
  const failures: Row[] = [];
  /** A climb that fails to run is a row saying why; the others still run. */
  const attempt = async (label: string, run: () => Promise<Climb>): Promise<Climb | null> => {
    try {
      return await run();
    } catch (err) {
      log(`${label} failed: ${(err as Error).stack ?? err}`);
      failures.push(row(`ceiling ${label}: FAILED`, '', null, null, null, (err as Error).message.split('\n').slice(0, 4).join(' ⏎ ')));
      return null;
    }
  };

  const relay = await attempt('bare relay', () =>
    withServers(
      async () => [await startRelay()],
      async ([server]) => climb('bare relay', 'relay', [server], [targetOf(server)], await relayRooms(pgliteApp, pgliteRooms)),
    ),
  );
  const pglite = await attempt('PGlite', () => climb('PGlite, 1 process', 'app', [ctx.app], [pgliteApp], appRooms(pgliteRooms, 1)));

  let postgresOne: Climb | null = null;
  let postgresTwo: Climb | null = null;
  if (postgres) {
    const bench = await postgres;
    const rooms: Room[] = await bench.roomsFor(SESSIONS);
    postgresOne = await attempt('PostgreSQL, 1 process', () =>
      withServers(
        async () => [await bench.startApp()],
        ([server]) => climb('PostgreSQL, 1 process', 'app', [server], [targetOf(server)], appRooms(rooms, 1)),
      ),
    );
    if (redisUrl) {
      postgresTwo = await attempt('PostgreSQL, 2 processes + Redis', () =>
        withServers(
          async () => {
            // One APP_URL for both, as behind a load balancer: the cookie, the origin check and the links agree.
            const first = await bench.startApp({ env: { REDIS_URL: redisUrl } });
            const appUrl = `http://localhost:${first.port}`;
            try {
              return [first, await bench.startApp({ env: { REDIS_URL: redisUrl, APP_URL: appUrl } })];
            } catch (err) {
              await stopProcess(first);
              throw err;
            }
          },
          (servers) => {
            const origin = `http://localhost:${servers[0].port}`;
            return climb(
              'PostgreSQL, 2 processes + Redis',
              'app',
              servers,
              servers.map((s) => targetOf(s, origin)),
              appRooms(rooms, 2),
            );
          },
        ),
      );
    }
  }

  const scaleOut = postgresOne?.ceiling && postgresTwo?.ceiling ? postgresTwo.ceiling / postgresOne.ceiling : null;
  const noPostgres = 'set BENCH_DATABASE_URL to measure it';
  return [
    ceilingRow(`ceiling (p99 ≤ ${TARGET_P99_MS} ms, 0 lost): bare relay`, relay, null, null),
    ceilingRow('ceiling: PGlite, 1 process', pglite, relay, TARGET_PGLITE),
    ceilingRow('ceiling: PostgreSQL, 1 process', postgresOne, relay, TARGET_POSTGRES, noPostgres),
    ceilingRow('ceiling: PostgreSQL, 2 processes + Redis', postgresTwo, relay, null, postgres ? 'set BENCH_REDIS_URL to measure it' : noPostgres),
    row(
      'ceiling: 2 processes ÷ 1 (PostgreSQL)',
      '×',
      scaleOut,
      null,
      TARGET_SCALE_OUT,
      `${postgresTwo?.ceiling ?? '?'} / ${postgresOne?.ceiling ?? '?'} answers/s; all on this machine's 2 cores with the generators, PostgreSQL and Redis: a second process adds no core here`,
      { higherIsBetter: true },
    ),
    ...failures,
  ];
}
