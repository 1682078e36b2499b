/**
 * `npm run bench`: runs every measure, each beside a baseline measured in the same run (the machine is
 * shared and noisy, so ratios say more than absolute figures), prints a table and writes bench/results/latest.json.
 *
 * To add a measure: write bench/<name>.ts exporting `async (ctx: BenchContext) => Row[]`, add it to `measures`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureAnswerDb } from './answer-db';
import { measureBundle } from './bundle';
import { measureCeiling } from './ceiling';
import { measureDashboard } from './dashboard';
import { measureInviteLatency } from './invite-latency';
import { closeFixtures } from './fixtures';
import {
  benchDir,
  formatSummary,
  killAllChildren,
  makeTmpDir,
  profileWindows,
  removeDir,
  repoRoot,
  row,
  type Row,
  runCommand,
  type Server,
  spawnTracked,
  stopProcess,
  withTimeout,
} from './lib';
import { measureLighthouse } from './lighthouse';
import { measureLogin } from './login';
import { measurePartnerPaint } from './partner-paint';
import { measureMemories } from './memories';
import { measureRealtime } from './realtime';
import { measureSockets10k } from './sockets10k';
import { measureStartup, startApp, startBare } from './startup';

/** Whatever a measure may need; started once and shared, so each measure file stays small. */
export interface BenchContext {
  /** The app, started on an existing data folder, with APP_URL = `appOrigin`. */
  app: Server;
  appOrigin: string;
  /** The bare Fastify baseline (bench/bare-server.mjs). */
  bare: Server;
  /** A scratch folder removed at the end. */
  tmpDir: string;
}

interface Measure {
  name: string;
  timeoutMs: number;
  run(ctx: BenchContext): Promise<Row[]>;
}

const measures: Measure[] = [
  { name: 'login', timeoutMs: 3 * 60_000, run: (ctx) => measureLogin({ url: ctx.app.url, origin: ctx.appOrigin }, ctx.bare.url) },
  { name: 'bundle', timeoutMs: 10 * 60_000, run: (ctx) => measureBundle(ctx) },
  { name: 'lighthouse', timeoutMs: 14 * 60_000, run: (ctx) => measureLighthouse(ctx) },
  { name: 'dashboard', timeoutMs: 10 * 60_000, run: (ctx) => measureDashboard(ctx) },
  { name: 'memories', timeoutMs: 8 * 60_000, run: (ctx) => measureMemories(ctx) },
  { name: 'invite-latency', timeoutMs: 8 * 60_000, run: (ctx) => measureInviteLatency(ctx) },
  { name: 'partner-paint', timeoutMs: 20 * 60_000, run: (ctx) => measurePartnerPaint(ctx) },
  { name: 'answer-db', timeoutMs: 5 * 60_000, run: (ctx) => measureAnswerDb(ctx) },
  { name: 'realtime', timeoutMs: 15 * 60_000, run: (ctx) => measureRealtime(ctx) },
  { name: 'ceiling', timeoutMs: 25 * 60_000, run: (ctx) => measureCeiling(ctx) },
  { name: 'sockets10k', timeoutMs: 20 * 60_000, run: (ctx) => measureSockets10k(ctx) },
];

/** `BENCH_ONLY=realtime,dashboard` runs just those measures (and `startup` only when named); the default is all. */
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const selected = (name: string) => !only || only.includes(name);

/** The whole bench never outlives this, whatever hangs. */
const HARD_DEADLINE_MS = 75 * 60_000;

const log = (msg: string) => console.error(`[bench] ${msg}`); // progress on stderr; stdout carries the table

/** `npm start` builds when the sources are newer than the build; build first so no build is counted as startup. */
async function prepareBuild(): Promise<void> {
  log('building the app once (`node scripts/build.mjs`), outside the measure');
  const { code, output } = await runCommand(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, timeoutMs: 5 * 60_000 });
  if (code !== 0) throw new Error(`build failed:\n${output.slice(-1500)}`);
}

const failed = (name: string, err: unknown) => row(`${name}: FAILED`, '', null, null, null, (err as Error).message.split('\n').slice(0, 4).join(' ⏎ '));

async function main() {
  const deadline = setTimeout(() => {
    log('hard deadline reached: stopping');
    killAllChildren();
    process.exit(2);
  }, HARD_DEADLINE_MS);
  deadline.unref();

  const tmpDir = makeTmpDir('run');
  const dataDir = path.join(tmpDir, 'data');
  const rows: Row[] = [];
  let crashed = false;
  let app: Server | undefined;
  let bare: Server | undefined;
  try {
    await prepareBuild();
    const appOptions = { dataDir };
    // A loaded machine: one core busy with other work for the whole run (bench/cpu-burner.mjs), started after the build.
    if (process.env.BENCH_LOADED) {
      log('loaded: one core kept busy by bench/cpu-burner.mjs for the whole run');
      spawnTracked(process.execPath, [`${benchDir}cpu-burner.mjs`], { cwd: repoRoot });
    }

    if (selected('startup')) {
      log('startup (3 runs each of the app and the bare Fastify app)');
      try {
        rows.push(...(await withTimeout('startup', 6 * 60_000, measureStartup(appOptions))));
      } catch (err) {
        crashed = true;
        rows.push(failed('startup', err));
      }
    }

    app = await startApp(appOptions);
    bare = await startBare();
    const ctx: BenchContext = { app, appOrigin: `http://localhost:${app.port}`, bare, tmpDir };
    for (const measure of measures.filter((m) => selected(m.name))) {
      log(measure.name);
      try {
        rows.push(...(await withTimeout(measure.name, measure.timeoutMs, measure.run(ctx))));
      } catch (err) {
        crashed = true;
        log(`${measure.name} failed: ${(err as Error).stack ?? err}`);
        rows.push(failed(measure.name, err));
      }
    }
  } catch (err) {
    crashed = true;
    log(`bench failed: ${(err as Error).stack ?? err}`);
    rows.push(failed('bench', err));
  } finally {
    await Promise.all([app && stopProcess(app), bare && stopProcess(bare)]);
    killAllChildren();
    await closeFixtures().catch((err: Error) => log(`cleanup: ${err.message}`));
    removeDir(tmpDir);
  }

  // The load average says how far to trust absolute figures on a shared machine; the ratios suffer less.
  const machine = { node: process.version, cpus: os.cpus().length, loadavg: os.loadavg().map((l) => Number(l.toFixed(2))) };
  console.log(formatSummary(rows));
  console.log(
    `\nmachine: Node ${machine.node}, ${machine.cpus} CPUs, load average ${machine.loadavg.join(' ')} (1/5/15 min)${process.env.BENCH_LOADED ? '; loaded: one core busy (bench/cpu-burner.mjs)' : ''}`,
  );
  const resultsDir = path.join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, only ? `latest-${only.join('-')}.json` : 'latest.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, rows, windows: profileWindows }, null, 2)}\n`,
  );
  log('written bench/results/latest.json');
  // Chromium, undici sockets or a stray timer must not keep the bench alive once the results are out.
  process.exit(crashed ? 1 : 0);
}

void main();
