/**
 * Startup: spawn → first 200 from GET /api/health, and the RSS at that moment and idle after it, for the app on an
 * existing data folder (migrations applied and content loaded, as on every start but the first) and for a bare
 * Fastify app; and the RSS 15 s after the very first start, on an empty folder (decision 037).
 */
import { benchDir, freePort, median, readRssKb, repoRoot, row, type Row, type Server, serverPid, sleep, startServer, stopProcess, withFdLimit } from './lib';

const RUNS = 3;
// A first start on an empty folder creates the database; on this shared machine, under load, that can pass a minute.
const START_TIMEOUT_MS = 180_000;
/** How long a started server is left alone before its idle RSS is read (issue 37: 15 s after the restart). */
const IDLE_MS = 15_000;
/** The first start's RSS is read this long after its spawn: what a small server holds once the app is up. */
const FIRST_START_RSS_AT_MS = 15_000;
const mbOf = (kb: number | null) => (kb === null ? null : kb / 1024);

export interface AppOptions {
  dataDir: string;
  /** A PostgreSQL server to start against instead of the embedded PGlite. */
  databaseUrl?: string;
  /** More of the app's environment (REDIS_URL, AUTH_SECRET, a shared APP_URL), over the defaults below. */
  env?: Record<string, string>;
  /** Thousands of sockets: the soft open-file limit raised to the hard one first (lib.ts `withFdLimit`). */
  manySockets?: boolean;
  /** Through `npm start`, as the README's quick start runs it (npm's own start-up counted), not `node scripts/start.mjs`. */
  viaNpm?: boolean;
}

/** The app exactly as `npm start` runs it (`node scripts/start.mjs`, without npm's own start-up), with the env the brief fixes. */
export async function startApp({ dataDir, databaseUrl, env: extra, manySockets, viaNpm }: AppOptions): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'false',
    ...extra,
  };
  delete env.NODE_ENV; // npm may set nothing, but a caller's NODE_ENV must not leak in
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app under the bench's load.
  const args = [...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'scripts/start.mjs'];
  const [command, commandArgs] = viaNpm ? ['npm', ['start', '--silent']] : manySockets ? withFdLimit(process.execPath, args) : [process.execPath, args];
  return startServer({
    command,
    args: commandArgs,
    cwd: repoRoot,
    env,
    port,
    healthPath: '/api/health',
    timeoutMs: START_TIMEOUT_MS,
  });
}

export async function startBare(): Promise<Server> {
  const port = await freePort();
  return startServer({
    command: process.execPath,
    args: [`${benchDir}bare-server.mjs`],
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    port,
    healthPath: '/api/health',
    timeoutMs: START_TIMEOUT_MS,
  });
}

/** One start: spawn, first 200, RSS, RSS after IDLE_MS, then stop it so the next run does not compete with it. */
async function once(start: () => Promise<Server>) {
  const server = await start();
  try {
    // The server's own process: under `npm start`, npm's child (the start script `exec`s node: no shell between).
    const pid = serverPid(server.pid);
    const first200 = { ms: server.msToFirst200, rssMb: mbOf(readRssKb(pid)) };
    await sleep(IDLE_MS);
    return { ...first200, idleMb: mbOf(readRssKb(pid)) };
  } finally {
    await stopProcess(server);
  }
}

/** The first start on an empty folder (it creates the database, migrates, loads content): its RSS once it is up. */
async function firstStart(app: AppOptions): Promise<number | null> {
  const server = await startApp(app);
  try {
    await sleep(Math.max(0, FIRST_START_RSS_AT_MS - server.msToFirst200));
    return mbOf(readRssKb(serverPid(server.pid)));
  } finally {
    await stopProcess(server);
  }
}

export async function measureStartup(app: AppOptions): Promise<Row[]> {
  // The first start on an empty folder creates the database and runs migrations: its time is not what we measure.
  const firstRssMb = await firstStart(app);

  // Bare and app runs alternate, so a burst of load from other users of the machine hits both alike.
  const bare: Awaited<ReturnType<typeof once>>[] = [];
  const real: Awaited<ReturnType<typeof once>>[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await once(startBare));
    real.push(await once(() => startApp({ ...app, viaNpm: true })));
  }
  const ms = (runs: typeof bare) => runs.map((r) => r.ms);
  const rss = (runs: typeof bare) => runs.flatMap((r) => (r.rssMb === null ? [] : [r.rssMb]));
  const idle = (runs: typeof bare) => runs.flatMap((r) => (r.idleMb === null ? [] : [r.idleMb]));
  const note = `app runs ${ms(real).map(Math.round).join('/')} ms, bare ${ms(bare).map(Math.round).join('/')} ms`;
  const mbList = (values: number[]) => `${values.map(Math.round).join('/')} MB`;
  const rows = [
    row('startup: npm start → first 200 (median of 3)', 'ms', median(ms(real)), median(ms(bare)), 1500, note),
    row('startup: RSS at first 200 (median of 3)', 'MB', median(rss(real)), median(rss(bare)), null),
    row(
      `startup: RSS idle ${IDLE_MS / 1000} s after a restart (median of 3)`,
      'MB',
      median(idle(real)),
      median(idle(bare)),
      200,
      `app ${mbList(idle(real))}, bare ${mbList(idle(bare))}`,
    ),
    row(`startup: RSS ${FIRST_START_RSS_AT_MS / 1000} s after the first start on an empty folder`, 'MB', firstRssMb, median(idle(bare)), 256, 'baseline: the bare app idle'),
  ];
  // The same server on PostgreSQL shows what is the server and what is PGlite's own start (WASM, ~0.8 s).
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    const pgApp = { ...app, databaseUrl: postgresUrl };
    await stopProcess(await startApp(pgApp)); // first start migrates
    const pg: Awaited<ReturnType<typeof once>>[] = [];
    for (let i = 0; i < RUNS; i++) pg.push(await once(() => startApp(pgApp)));
    rows.push(
      row('startup on PostgreSQL: first 200', 'ms', median(ms(pg)), median(ms(bare)), 1500, `runs ${ms(pg).map(Math.round).join('/')} ms`),
      row('startup on PostgreSQL: RSS', 'MB', median(rss(pg)), median(rss(bare)), null),
      row(`startup on PostgreSQL: RSS idle ${IDLE_MS / 1000} s after a restart`, 'MB', median(idle(pg)), median(idle(bare)), null, mbList(idle(pg))),
    );
  }
  return rows;
}
