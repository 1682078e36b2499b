import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMainThread } from 'node:worker_threads';
import { tarFolder } from './tar';

/**
 * The running app's backup socket (docs/decisions/038-backups.md). Only one process may open a PGlite folder, and the
 * app holds it: `npm run backup` asks the app for the copy through a Unix socket in DATA_DIR that only the app's
 * own user can open (mode 0600). One request a connection:
 *   → `{"op":"backup"}\n`
 *   ← `{"ok":true,"pid":P}\n` then the database folder as a tar stream (tar.ts), or `{"ok":false,"error":"…"}\n`
 * The database copies its files into a snapshot folder beside it (a checkpoint, then a plain copy while no statement
 * runs: the app waits for it a fraction of a second); the tar is streamed from that copy, and the command compresses it.
 */
export const BACKUP_SOCKET = 'backup.sock';
export const backupSocketPath = (dataDir: string) => path.join(dataDir, BACKUP_SOCKET);
const SNAPSHOT_PREFIX = 'backup-snapshot-';

/** The longest request line read; anything longer is not ours. */
const MAX_REQUEST = 1024;

export interface BackupSocket {
  path: string;
  close(): Promise<void>;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Listens on DATA_DIR/backup.sock. The caller holds the folder's lock, so a socket file already there is a killed
 * app's, and goes. The socket is created with a umask that leaves it 0600 from its first instant (and chmod'ed to
 * make sure); it is removed on close and at exit.
 */
export async function serveBackups({ dataDir, snapshot, log }: { dataDir: string; snapshot: (into: string) => Promise<void>; log: Log }): Promise<BackupSocket> {
  const file = backupSocketPath(dataDir);
  rmSync(file, { force: true });
  // Snapshots a killed app left behind: this app holds the folder, so nothing reads them.
  for (const name of readdirSync(dataDir)) if (name.startsWith(SNAPSHOT_PREFIX)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
  const connections = new Set<Socket>();
  const inFlight = new Set<Promise<void>>();
  let taken = 0;

  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      const end = request.indexOf('\n');
      if (end === -1 && request.length <= MAX_REQUEST) return;
      socket.off('data', onData);
      const answering = answer(socket, end === -1 ? '' : request.slice(0, end));
      inFlight.add(answering);
      void answering.finally(() => inFlight.delete(answering));
    };
    socket.on('data', onData);
  });

  async function answer(socket: Socket, line: string) {
    let op: unknown;
    try {
      op = (JSON.parse(line) as { op?: unknown }).op;
    } catch {
      op = undefined;
    }
    if (op !== 'backup') {
      socket.end(`${JSON.stringify({ ok: false, error: 'Unknown request: the backup socket answers {"op":"backup"} only.' })}\n`);
      return;
    }
    const started = performance.now();
    const into = path.join(dataDir, `${SNAPSHOT_PREFIX}${process.pid}-${++taken}`);
    try {
      await snapshot(into);
    } catch (err) {
      rmSync(into, { recursive: true, force: true });
      log.error({ err }, 'backup failed');
      socket.end(`${JSON.stringify({ ok: false, error: `The app could not copy its database: ${(err as Error).message}` })}\n`);
      return;
    }
    const copied = Math.round(performance.now() - started);
    try {
      socket.write(`${JSON.stringify({ ok: true, pid: process.pid })}\n`);
      await pipeline(Readable.from(tarFolder(into)), socket);
      log.info({ snapshotMs: copied, ms: Math.round(performance.now() - started) }, 'backup sent to npm run backup');
    } catch (err) {
      // The command sees a stream without its end, and says the backup failed.
      log.error({ err }, 'backup failed while it was sent');
      socket.destroy();
    } finally {
      rmSync(into, { recursive: true, force: true });
    }
  }

  const removeFile = () => rmSync(file, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket file takes its mode from the umask at bind, which happens inside listen(): nobody else can open it
    // even for the instant before the chmod. (Process-wide, but only for this synchronous call.)
    // A worker thread may not change it: there the chmod below is all.
    const umask = isMainThread ? process.umask(0o177) : undefined;
    try {
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      if (umask !== undefined) process.umask(umask);
    }
  });
  chmodSync(file, 0o600);
  process.once('exit', removeFile);
  server.on('error', (err) => log.error({ err }, 'backup socket failed'));

  return {
    path: file,
    async close() {
      process.off('exit', removeFile);
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled(inFlight); // a snapshot being copied ends before the database closes
      removeFile();
    },
  };
}
