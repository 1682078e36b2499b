/**
 * The disk's flush latency, measured in the same run as the PostgreSQL rows (issue 22). A durable commit waits for
 * its WAL to reach the disk (decision 025), so when this machine's disk stalls, the answers of that second stall
 * with it. The probe writes 8 KB and `fdatasync`s it every 50 ms, on the file system of PostgreSQL's data folder
 * (its parent folder, when the bench may write there, else the temp folder, which the note then says), for as long
 * as the measure runs: its worst flush in each second reads beside the app's p99 in that second.
 */
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { monotonicMs, percentile, sleep } from './lib';

const EVERY_MS = 50;
const BLOCK = Buffer.alloc(8192, 7);

export interface FlushStats {
  flushes: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
  /** The slowest flush in each second of the window, from its start. */
  maxPerSecond: (number | null)[];
}

/** Where to flush: beside PostgreSQL's data folder when it is on this machine and writable, else the temp folder. */
export async function flushDirFor(databaseUrl: string): Promise<{ dir: string; where: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    const parent = path.dirname(rows[0].data_directory);
    const probe = path.join(parent, `.twogether-flush-probe-${process.pid}`);
    await (await open(probe, 'w')).close();
    await rm(probe);
    return { dir: parent, where: `${parent} (PostgreSQL's data folder's file system)` };
  } catch (err) {
    return { dir: os.tmpdir(), where: `${os.tmpdir()} (PostgreSQL's data folder not reachable here: ${(err as Error).message})` };
  } finally {
    await client.end().catch(() => {});
  }
}

export class FlushProbe {
  readonly #samples: { atMs: number; ms: number }[] = [];
  #stopped = false;
  readonly #done: Promise<void>;

  private constructor(
    readonly file: string,
    readonly where: string,
  ) {
    this.#done = this.#loop();
  }

  static async start(databaseUrl: string): Promise<FlushProbe> {
    const { dir, where } = await flushDirFor(databaseUrl);
    return new FlushProbe(path.join(dir, `.twogether-flush-probe-${process.pid}`), where);
  }

  async #loop() {
    const handle = await open(this.file, 'w');
    try {
      while (!this.#stopped) {
        await handle.write(BLOCK, 0, BLOCK.length, 0);
        const started = monotonicMs();
        await handle.datasync();
        this.#samples.push({ atMs: started, ms: monotonicMs() - started });
        await sleep(EVERY_MS);
      }
    } finally {
      await handle.close();
      await rm(this.file, { force: true });
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#done;
  }

  /** The flushes that started within [fromMs, toMs) of the monotonic clock. */
  within(fromMs: number, toMs: number): FlushStats {
    const inside = this.#samples.filter((s) => s.atMs >= fromMs && s.atMs < toMs);
    const ms = inside.map((s) => s.ms);
    const seconds: number[] = [];
    for (const s of inside) {
      const second = Math.floor((s.atMs - fromMs) / 1000);
      seconds[second] = Math.max(seconds[second] ?? 0, s.ms);
    }
    return {
      flushes: inside.length,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      max: ms.length ? Math.max(...ms) : null,
      maxPerSecond: Array.from(seconds, (v) => v ?? null),
    };
  }
}
