/**
 * The realtime bench's load generators: `workers` child processes (bench/load-worker.ts), each holding the
 * sockets and screens of its share of the rooms and sending its share of the answers, so the generator is never
 * one event loop carrying the whole load. This parent only hands out rooms, starts each run at one instant on the
 * machine's monotonic clock, reads the servers' CPU around it and merges what the processes report.
 */
import type { FromWorker, RoomSpec, Target, ToWorker } from './load-protocol';
import { benchDir, monotonicMs, profileWindows, readCpuMs, repoRoot, type Spawned, spawnTracked, stopProcess, withFdLimit, withTimeout } from './lib';
import { lagStats, LOST_AFTER_MS, type LoadResult } from './realtime-load';

/** Generator processes unless told otherwise (BENCH_LOAD_WORKERS): the machine has 2 cores, shared with the servers. */
export const DEFAULT_WORKERS = Number(process.env.BENCH_LOAD_WORKERS) || 2;
/** Time for every process to have the run's start message before the start. */
const START_MARGIN_MS = 300;
const REQUEST_TIMEOUT_MS = 10_000;

export interface FleetOptions {
  kind: 'app' | 'relay';
  /** One server, or two processes of the app behind Redis (rooms say which player is on which). */
  servers: Target[];
  rooms: RoomSpec[];
  /** The servers' PIDs: their CPU over each run is reported, and profile windows name them. */
  serverPids: number[];
  workers?: number;
  /** Sockets connecting (and joining) at once, per process. */
  connectConcurrency?: number;
  connectTimeoutMs?: number;
  label: string;
}

type Reply<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

/** One generator process and the one request it may have outstanding. */
class Generator {
  private pending: { expect: FromWorker['type']; resolve(m: FromWorker): void; reject(e: Error): void } | null = null;

  constructor(readonly spawned: Spawned) {
    spawned.child.on('message', (message: FromWorker) => {
      const pending = this.pending;
      if (!pending) return;
      this.pending = null;
      if (message.type === 'error') pending.reject(new Error(`load generator ${spawned.pid}: ${message.message}`));
      else if (message.type !== pending.expect) pending.reject(new Error(`load generator ${spawned.pid} answered ${message.type}, expected ${pending.expect}`));
      else pending.resolve(message);
    });
    void spawned.exited.then((code) => {
      this.pending?.reject(new Error(`load generator ${spawned.pid} exited (code ${code}):\n${spawned.output().slice(-1500)}`));
      this.pending = null;
    });
  }

  request<T extends FromWorker['type']>(message: ToWorker, expect: T, timeoutMs: number): Promise<Reply<T>> {
    if (this.pending) throw new Error('a load generator got a second request before answering the first');
    const answer = new Promise<FromWorker>((resolve, reject) => {
      this.pending = { expect, resolve, reject };
      this.spawned.child.send(message);
    });
    return withTimeout(`load generator ${this.spawned.pid}: ${message.type}`, timeoutMs, answer) as Promise<Reply<T>>;
  }
}

export class LoadFleet {
  private constructor(
    private readonly generators: Generator[],
    private readonly opts: FleetOptions,
    /** Sockets connected and joined, over every process, and the time that took. */
    readonly sockets: number,
    readonly connectS: number,
  ) {}

  get pids() {
    return this.generators.map((g) => g.spawned.pid);
  }

  /** Spawns the processes, deals the rooms out (room r to process r mod workers) and waits until every socket is connected and joined. */
  static async start(opts: FleetOptions): Promise<LoadFleet> {
    const count = Math.max(1, Math.min(opts.workers ?? DEFAULT_WORKERS, opts.rooms.length));
    const connectTimeoutMs = opts.connectTimeoutMs ?? 2 * 60_000;
    const generators: Generator[] = [];
    try {
      for (let k = 0; k < count; k++) {
        // BENCH_LOAD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof-load" profiles the generators themselves.
        const nodeArgs = process.env.BENCH_LOAD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
        const [command, args] = withFdLimit(process.execPath, [...nodeArgs, '--import', 'tsx', `${benchDir}load-worker.ts`]);
        generators.push(new Generator(spawnTracked(command, args, { cwd: repoRoot, ipc: true })));
      }
      const start = performance.now();
      const ready = await Promise.all(
        generators.map((g, k) =>
          g.request(
            {
              type: 'setup',
              setup: {
                kind: opts.kind,
                servers: opts.servers,
                rooms: opts.rooms.filter((_, r) => r % count === k),
                connectConcurrency: opts.connectConcurrency ?? 10,
                connectTimeoutMs,
              },
            },
            'ready',
            connectTimeoutMs + 30_000,
          ),
        ),
      );
      return new LoadFleet(
        generators,
        opts,
        ready.reduce((n, r) => n + r.sockets, 0),
        (performance.now() - start) / 1000,
      );
    } catch (err) {
      await Promise.all(generators.map((g) => stopProcess(g.spawned, 2_000)));
      throw err;
    }
  }

  /** `count` sequential answers from the first process: the endpoint alone, on an idle server. */
  async probe(count: number): Promise<number[]> {
    return (await this.generators[0].request({ type: 'probe', count }, 'probed', count * REQUEST_TIMEOUT_MS)).probeMs;
  }

  /** `ratePerS × durationS` answers, open loop, over every room; the processes' shares interleave (bench/realtime-load.ts `Share`). */
  async run(ratePerS: number, durationS: number, window?: string): Promise<LoadResult> {
    const { generators } = this;
    const startAtMs = monotonicMs() + START_MARGIN_MS;
    const cpu = () => this.opts.serverPids.map(readCpuMs);
    const generatorCpu = () => generators.map((g) => readCpuMs(g.spawned.pid));
    const [cpuBefore, generatorsBefore] = [cpu(), generatorCpu()];
    const timeoutMs = START_MARGIN_MS + durationS * 1000 + LOST_AFTER_MS + REQUEST_TIMEOUT_MS + 30_000;
    const shares = await Promise.all(
      generators.map((g, k) => g.request({ type: 'run', ratePerS, durationS, startAtMs, share: { offset: k, stride: generators.length } }, 'ran', timeoutMs)),
    );
    const endMs = monotonicMs();
    const [cpuAfter, generatorsAfter] = [cpu(), generatorCpu()];
    const sum = (of: (s: (typeof shares)[number]) => number) => shares.reduce((n, s) => n + of(s), 0);
    const statuses: Record<string, number> = {};
    for (const s of shares) for (const [k, v] of Object.entries(s.run.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
    const sendLag = shares.map((s) => lagStats(s.run.sendLagMs));
    const diff = (before: (number | null)[], after: (number | null)[]) => after.map((a, i) => (a === null || before[i] === null ? null : a - before[i]!));
    const serverCpu = diff(cpuBefore, cpuAfter);
    const accepted = sum((s) => s.run.accepted);
    if (window) {
      const cpuMs = Object.fromEntries(this.opts.serverPids.map((pid, i) => [pid, serverCpu[i]]));
      profileWindows.push({ label: window, pids: this.opts.serverPids, fromUs: Math.round(startAtMs * 1000), toUs: Math.round(endMs * 1000), answers: accepted, cpuMs });
    }
    return {
      latencies: shares.flatMap((s) => s.run.latencies),
      sentAtMs: shares.flatMap((s) => s.run.sentAtMs),
      httpMs: shares.flatMap((s) => s.run.httpMs),
      sent: sum((s) => s.run.sent),
      accepted,
      skipped: sum((s) => s.run.skipped),
      lost: sum((s) => s.run.lost),
      stray: sum((s) => s.run.stray),
      retired: sum((s) => s.run.retired),
      statuses,
      sendLag,
      maxSendLagMs: Math.max(0, ...sendLag.map((l) => l.max ?? 0)),
      gaps: sum((s) => s.gaps),
      wrong: sum((s) => s.wrong),
      disconnects: sum((s) => s.disconnects),
      cpuMs: serverCpu.some((c) => c === null) ? null : serverCpu.reduce<number>((n, c) => n + c!, 0),
      generatorCpuMs: diff(generatorsBefore, generatorsAfter),
      wallMs: endMs - startAtMs,
    };
  }

  /** Disconnects every socket (the processes wait for the close frames to leave) and ends the processes. */
  async close(): Promise<void> {
    await Promise.all(
      this.generators.map(async (g) => {
        try {
          await g.request({ type: 'close' }, 'closed', 10_000);
        } catch {
          /* stopped below either way */
        }
        await stopProcess(g.spawned, 2_000);
      }),
    );
  }
}
