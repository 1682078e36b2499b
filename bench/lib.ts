/**
 * Shared helpers of the benchmark: ports, child processes, timing, percentiles and the summary table.
 * Every wait here is bounded, so a stuck server or build can never keep `npm run bench` running forever.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const benchDir = fileURLToPath(new URL('.', import.meta.url));

/** One line of the final table. `value` and `baseline` are in `unit`; `ok` is null when there is no target or no value. */
export interface Row {
  metric: string;
  unit: string;
  value: number | null;
  baseline: number | null;
  /** value / baseline, so "how many times the bare stack" on this machine, in this run. */
  ratio: number | null;
  /** The target the value must not exceed (or, with `higherIsBetter`, must reach), or null when the metric is informative only. */
  target: number | null;
  ok: boolean | null;
  note?: string;
  /** Set for scores and the like, where the value must be at least `target`. */
  higherIsBetter?: true;
}

export function row(
  metric: string,
  unit: string,
  value: number | null,
  baseline: number | null,
  target: number | null,
  note?: string,
  opts: { higherIsBetter?: boolean } = {},
): Row {
  const ratio = value !== null && baseline !== null && baseline > 0 ? value / baseline : null;
  const ok = value === null || target === null ? null : opts.higherIsBetter ? value >= target : value <= target;
  return { metric, unit, value, baseline, ratio, target, ok, ...(note ? { note } : {}), ...(opts.higherIsBetter ? { higherIsBetter: true as const } : {}) };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects after `ms` with a message naming what timed out (the timer does not keep the process alive). */
export async function withTimeout<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${Math.round(ms / 1000)} s`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A port nobody listens on right now: bind to 0 on loopback, read it, release it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function makeTmpDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `twogether-bench-${prefix}-`));
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Resident memory of a live process in KiB, from /proc (Linux only); null when it cannot be read. */
/** The process a launcher runs (`npm start` → node): its first child, or the launcher itself when it has none. */
export function serverPid(pid: number): number {
  try {
    const [child] = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return child ?? pid;
  } catch {
    return pid;
  }
}

export function readRssKb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a live process has used so far in ms, from /proc (Linux, 100 ticks/s); null when it cannot be read. */
export function readCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Open files a live process may hold (its soft limit), from /proc; null when it cannot be read. */
export function readFdLimit(pid: number): number | null {
  try {
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
    return match ? (match[1] === 'unlimited' ? Infinity : Number(match[1])) : null;
  } catch {
    return null;
  }
}

/**
 * `command args` run through `sh` with the soft open-file limit raised to the hard one first (`exec`, so the PID is
 * the command's own). Thousands of sockets need more than the usual soft limit of 1,024.
 */
export function withFdLimit(command: string, args: string[]): [string, string[]] {
  return ['/bin/sh', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', 'sh', command, ...args]];
}

/**
 * The machine's monotonic clock in ms, the same in every process (CLOCK_MONOTONIC): the bench's processes agree on
 * it, and V8's CPU profiles stamp their samples with it (in µs), so a window noted here cuts a profile.
 */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/** A measured stretch of time, kept in the results so bench/profile-summary.ts can cut a `--cpu-prof` profile to it. */
export interface ProfileWindow {
  label: string;
  /** The servers under load (a profile's file name carries its PID). */
  pids: number[];
  fromUs: number;
  toUs: number;
  /** Answers (or events) the servers accepted in the window: the profile's time is divided by them. */
  answers: number;
  /** Each server's CPU time (user + system, from /proc) over the window, by PID: what the profile's sampled time is scaled to. */
  cpuMs: Record<number, number | null>;
}
export const profileWindows: ProfileWindow[] = [];

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest-rank: the smallest value with at least p% of the samples at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export const median = (values: number[]) => percentile(values, 50);

/**
 * `fn(0)` … `fn(count - 1)`, at most `concurrency` at a time, results in order. Bounded: fails (and starts
 * nothing more) once `timeoutMs` has passed or any call has failed. `progress` is called after each success.
 */
export async function mapLimit<R>(
  count: number,
  concurrency: number,
  fn: (i: number) => Promise<R>,
  opts: { what: string; timeoutMs: number; progress?: (done: number) => void },
): Promise<R[]> {
  const results = new Array<R>(count);
  const deadline = performance.now() + opts.timeoutMs;
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (next < count && !failed) {
      if (performance.now() > deadline) throw new Error(`${opts.what}: only ${done}/${count} done after ${Math.round(opts.timeoutMs / 1000)} s`);
      const i = next++;
      try {
        results[i] = await fn(i);
      } catch (err) {
        failed = true;
        throw err;
      }
      opts.progress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Processes spawned by the bench, killed on exit whatever happens (error, Ctrl-C, timeout). */
const children = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Children are spawned detached, so -pid is their own process group (npx → node, for instance).
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

export function killAllChildren() {
  for (const child of children) killGroup(child, 'SIGKILL');
  children.clear();
}
process.on('exit', killAllChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}

export interface Spawned {
  child: ChildProcess;
  pid: number;
  /** Everything the child printed, for error messages. */
  output(): string;
  exited: Promise<number | null>;
}

/** With `ipc`, the child gets Node's message channel (`process.send`), as `fork` would give it. */
export function spawnTracked(command: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; ipc?: boolean }): Spawned {
  const stdio: ('ignore' | 'pipe' | 'ipc')[] = opts.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, detached: true, stdio });
  children.add(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
    child.on('error', (err) => {
      keep(Buffer.from(String(err)));
      children.delete(child);
      resolve(null);
    });
  });
  if (child.pid === undefined) throw new Error(`could not spawn ${command}`);
  return { child, pid: child.pid, output: () => log, exited };
}

/** SIGTERM, then SIGKILL if the process has not exited after `graceMs`. Resolves once it is gone. */
export async function stopProcess(spawned: Spawned, graceMs = 10_000) {
  killGroup(spawned.child, 'SIGTERM');
  const done = await Promise.race([spawned.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!done) {
    killGroup(spawned.child, 'SIGKILL');
    await Promise.race([spawned.exited, sleep(5_000)]);
  }
}

/** Runs a command to completion (bounded), returning its exit code and the tail of its output. */
export async function runCommand(command: string, args: string[], opts: { cwd: string; timeoutMs: number; env?: NodeJS.ProcessEnv }) {
  const spawned = spawnTracked(command, args, opts);
  const code = await Promise.race([spawned.exited, sleep(opts.timeoutMs).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    await stopProcess(spawned, 2_000);
    return { code: null, output: `${spawned.output()}\n(timed out after ${opts.timeoutMs} ms)` };
  }
  return { code, output: spawned.output() };
}

export interface Server extends Spawned {
  url: string;
  port: number;
  /** From spawn to the first 200 of the health URL. */
  msToFirst200: number;
  /** VmRSS in KiB read right after that first 200. */
  rssKb: number | null;
}

/**
 * Spawns a server and polls `healthPath` until it answers 200. The clock starts just before spawn,
 * so the figure includes Node's own start, module loading and whatever the app does before listening.
 */
export async function startServer(opts: {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  healthPath: string;
  timeoutMs: number;
}): Promise<Server> {
  const url = `http://127.0.0.1:${opts.port}`;
  const started = performance.now();
  const spawned = spawnTracked(opts.command, opts.args, { cwd: opts.cwd, env: opts.env });
  let exitCode: number | null | undefined;
  void spawned.exited.then((code) => (exitCode = code));
  try {
    while (performance.now() - started < opts.timeoutMs) {
      if (exitCode !== undefined) throw new Error(`server exited (code ${exitCode}) before answering:\n${spawned.output()}`);
      try {
        const res = await fetch(url + opts.healthPath, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) {
          const msToFirst200 = performance.now() - started;
          return { ...spawned, url, port: opts.port, msToFirst200, rssKb: readRssKb(spawned.pid) };
        }
      } catch {
        /* not listening yet */
      }
      // 10 ms between polls: fine enough for a figure in hundreds of ms, cheap enough not to slow the start.
      await sleep(10);
    }
    throw new Error(`no 200 from ${opts.healthPath} within ${opts.timeoutMs} ms:\n${spawned.output()}`);
  } catch (err) {
    await stopProcess(spawned, 2_000);
    throw err;
  }
}

const fmt = (n: number | null, digits = 1) => (n === null ? '–' : Number.isInteger(n) ? String(n) : n.toFixed(digits));

export function formatSummary(rows: Row[]): string {
  const header = ['metric', 'value', 'baseline', 'ratio', 'target', 'ok?'];
  const lines = rows.map((r) => [
    r.metric,
    r.value === null ? '–' : `${fmt(r.value)} ${r.unit}`,
    r.baseline === null ? '–' : `${fmt(r.baseline)} ${r.unit}`,
    r.ratio === null ? '–' : `${r.ratio.toFixed(2)}×`,
    r.target === null ? '–' : `${r.higherIsBetter ? '≥' : '≤'} ${fmt(r.target)} ${r.unit}`,
    r.ok === null ? '–' : r.ok ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  const notes = rows.filter((r) => r.note).map((r) => `  · ${r.metric}: ${r.note}`);
  return [render(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(render), ...(notes.length ? ['', 'notes:', ...notes] : [])].join('\n');
}

/** Content types for the bench's small static servers. */
export const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};
