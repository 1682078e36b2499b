// The server's work, loaded by server/main.ts once the database's thread has started.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import type { BackupSocket } from './ops/backup-socket';

// Only what opens the database is imported before main() runs: the content check and the backup socket come when
// they are asked for, and the app's modules load while the folder opens (docs/performance.md).
const contentLoader = () => import('./modules/content/loader');

/** `STARTUP_TRACE=1`: where a start's time goes, each step's end in ms since the process began (docs/performance.md). */
const trace = process.env.STARTUP_TRACE ? (step: string) => console.log(`startup: ${step} at ${Math.round(performance.now())} ms`) : () => {};

async function main() {
  trace('bundle evaluated, main() runs');
  const config = loadConfig();
  // The database starts (PGlite compiles its WASM) while the app's modules load. The content is loaded only when
  // its files changed since the last load; on a PGlite folder, in a process of its own (docs/decisions/037-lean-local-mode.md).
  const [database, { buildApp }, redis] = await Promise.all([
    openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      worker: config.pgliteWorker,
      // The app is built while the folder opens (late-client.ts); `ready` is awaited before listening.
      late: true,
      prepare: {
        isCurrent: async (db) => (await contentLoader()).contentIsCurrent(db),
        run: async (db) => (await contentLoader()).loadContent(db),
      },
    }),
    import('./app').finally(() => trace("the app's modules loaded")),
    config.redisUrl ? import('./cache/redis').then(({ connectRedis }) => connectRedis(config.redisUrl!)) : undefined,
  ]);
  const app = await buildApp({ config, database, redis });
  trace('app built');
  try {
    await database.ready;
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
  trace('database open and current');
  // `npm run backup` asks the app that holds the PGlite folder for the copy (docs/decisions/038-backups.md).
  let backups: BackupSocket | undefined;

  let closing = false;
  const shutdown = async (signal: string, failed = false) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    let code = failed ? 1 : 0;
    try {
      await backups?.close();
      await app.close();
      if (redis) await import('./cache/redis').then(({ closeRedis }) => closeRedis(redis));
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    }
    clearTimeout(force);
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  trace('listening');
  // The job queue starts as the app gets ready, without holding up its first answer; a queue that cannot start
  // ends the process, as it did when listen waited for it (docs/decisions/042-local-mode-memory.md).
  app.jobs.start().catch(() => void shutdown('the job queue did not start', true));
  if (database.snapshot && !closing) {
    const { serveBackups } = await import('./ops/backup-socket');
    backups = await serveBackups({ dataDir: config.dataDir, snapshot: database.snapshot, log: app.log }).catch((err: Error) => {
      app.log.error({ err }, `no backup socket in ${config.dataDir}: npm run backup cannot reach this app`);
      return undefined;
    });
  }
  app.log.info(`Twogether is ready at ${config.appUrl} (database: ${database.kind}${config.devMailbox ? `, dev mailbox: ${config.appUrl}/dev/mailbox` : ''})`);
}

main().catch((err) => {
  // A content problem is a ContentError (modules/content/read.ts), told by its name: the loader is not imported here.
  if (err instanceof ConfigError || err instanceof DataDirLockedError || (err instanceof Error && err.name === 'ContentError')) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
