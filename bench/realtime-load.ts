/**
 * The realtime bench's load, as each generator process (bench/load-worker.ts) runs its share of it: answers at a
 * fixed rate, open loop, each timed until the partner's screen holds it (bench/partner-screen.ts), with at most one
 * answer awaited per room (the event's version says which answer it is, but a room with an answer overdue is
 * skipped rather than queued behind it). Shared by the app and the bare relay, so both are measured the same way.
 * bench/load-fleet.ts merges the shares of every process into one `LoadResult`.
 */
import { percentile, sleep } from './lib';

/** An answer whose partner screen did not hold it within this is lost. */
export const LOST_AFTER_MS = 5_000;

/** What the load needs of one server: the session ids its events carry (one per room) and how to send answer `n` of room `r` (its HTTP status). */
export interface Load {
  sessionIds: string[];
  send(r: number, n: number): Promise<number>;
  okStatus: number;
}

/** Per room, the send time of the answer awaited on the partner's screen; the latencies of those it held in time. */
export class Awaited {
  private readonly index = new Map<string, number>();
  private readonly t0: (number | undefined)[];
  readonly retired = new Set<number>();
  readonly latencies: number[] = [];
  /** When each of those answers was sent (this process's clock), in the same order. */
  readonly sendTimes: number[] = [];
  /** Answers the screen held that matched no awaited one (a retired room's late event, say). */
  stray = 0;

  constructor(sessionIds: string[]) {
    sessionIds.forEach((id, r) => this.index.set(id, r));
    this.t0 = new Array<number | undefined>(sessionIds.length);
  }

  sentAt(r: number) {
    return this.t0[r];
  }

  sending(r: number, t0: number) {
    this.t0[r] = t0;
  }

  /** The partner's screen of this session now holds the awaited answer: the clock stops. */
  held(sessionId: string) {
    const r = this.index.get(sessionId);
    if (r === undefined) return;
    const t0 = this.t0[r];
    if (t0 === undefined) {
      this.stray++;
      return;
    }
    this.t0[r] = undefined;
    const ms = performance.now() - t0;
    if (ms > LOST_AFTER_MS) return;
    this.latencies.push(ms);
    this.sendTimes.push(t0);
  }

  /** The server refused the answer: no event will come for it. */
  failed(r: number, t0: number) {
    if (this.t0[r] === t0) this.t0[r] = undefined;
  }

  /** Its event may still come, late: the room sends nothing more, so that event cannot match a later answer. */
  retire(r: number) {
    this.retired.add(r);
    this.t0[r] = undefined;
  }

  get outstanding() {
    return this.t0.reduce<number>((n, t) => n + (t === undefined ? 0 : 1), 0);
  }
}

/**
 * Which answers of the whole schedule one process sends. Answer i (0 ≤ i < rate × duration) is due at
 * start + i / rate; the process sends those with i ≡ offset (mod stride), round-robin over its own rooms. The
 * processes' shares interleave, so together they offer the rate evenly spaced, as one sender would.
 */
export interface Share {
  offset: number;
  stride: number;
}

/** What one process's share of a run did. */
export interface ShareResult {
  latencies: number[];
  /** When each answer of `latencies` was sent, in ms from the run's start: when in the run the slow ones fell. */
  sentAtMs: number[];
  sent: number;
  /** Answered with the expected status. */
  accepted: number;
  /** Due while the room still awaited its previous answer: not sent. */
  skipped: number;
  /** Sent, and not held by the partner's screen within LOST_AFTER_MS. */
  lost: number;
  stray: number;
  retired: number;
  statuses: Record<string, number>;
  httpMs: number[];
  /** Per answer sent, how late it left against its schedule: this process's own lag, not the server's. */
  sendLagMs: number[];
}

/**
 * This process's share of `ratePerS × durationS` answers, the first due at `startAt` (this process's
 * `performance.now()`); `setReceiver` routes what the partners' screens hold here. Bounded: the sends last
 * durationS, then at most LOST_AFTER_MS for the screens and the requests' own timeout for the answers.
 */
export async function runLoad(load: Load, ratePerS: number, durationS: number, startAt: number, share: Share, setReceiver: (a: Awaited | null) => void): Promise<ShareResult> {
  const awaited = new Awaited(load.sessionIds);
  const rooms = load.sessionIds.length;
  const sentPerRoom = new Array<number>(rooms).fill(0);
  const statuses: Record<string, number> = {};
  const tally = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const httpMs: number[] = [];
  const sendLagMs: number[] = [];
  const inFlight: Promise<void>[] = [];
  const interval = 1000 / ratePerS;
  const total = Math.round(ratePerS * durationS);
  let sent = 0;
  let accepted = 0;
  let skipped = 0;
  setReceiver(awaited);
  try {
    for (let i = share.offset, k = 0; i < total; i += share.stride, k++) {
      const due = startAt + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const r = k % rooms;
      const previous = awaited.sentAt(r);
      if (awaited.retired.has(r) || previous !== undefined) {
        if (previous !== undefined && performance.now() - previous > LOST_AFTER_MS) awaited.retire(r);
        skipped++;
        continue;
      }
      const t0 = performance.now();
      sendLagMs.push(Math.max(0, t0 - due));
      awaited.sending(r, t0);
      sent++;
      inFlight.push(
        load.send(r, sentPerRoom[r]++).then(
          (status) => {
            httpMs.push(performance.now() - t0);
            tally(String(status));
            if (status === load.okStatus) accepted++;
            else awaited.failed(r, t0);
          },
          (err: Error) => {
            tally(err.name === 'TimeoutError' ? 'timeout' : err.name);
            awaited.retire(r); // the server may still process it and emit
          },
        ),
      );
    }
    const giveUp = performance.now() + LOST_AFTER_MS;
    while (awaited.outstanding > 0 && performance.now() < giveUp) await sleep(10);
    await Promise.all(inFlight);
  } finally {
    setReceiver(null);
  }
  return {
    latencies: awaited.latencies,
    sentAtMs: awaited.sendTimes.map((t) => t - startAt),
    sent,
    accepted,
    skipped,
    lost: sent - awaited.latencies.length,
    stray: awaited.stray,
    retired: awaited.retired.size,
    statuses,
    httpMs,
    sendLagMs,
  };
}

export interface LagStats {
  p50: number | null;
  p99: number | null;
  max: number | null;
}
export const lagStats = (lags: number[]): LagStats => ({ p50: percentile(lags, 50), p99: percentile(lags, 99), max: percentile(lags, 100) });

/** The p99 of the answers sent in each second of the run: a tail from a burst of someone else's load shows as a second or two, a server at its limit as all of them. */
export function p99PerSecond(run: Pick<ShareResult, 'latencies' | 'sentAtMs'>): (number | null)[] {
  const seconds: number[][] = [];
  run.latencies.forEach((ms, i) => (seconds[Math.max(0, Math.floor(run.sentAtMs[i] / 1000))] ??= []).push(ms));
  return Array.from(seconds, (s) => percentile(s ?? [], 99));
}

/** A whole run: every process's share merged, with the servers' CPU over it. */
export interface LoadResult extends Omit<ShareResult, 'sendLagMs'> {
  /** Per generator process, how late its answers left against their schedule. */
  sendLag: LagStats[];
  maxSendLagMs: number;
  /** Over the run, on the partners' screens: events that showed a version gap (and cost a read), states not as told. */
  gaps: number;
  wrong: number;
  /** Sockets of the generators that dropped since they connected. */
  disconnects: number;
  /** The servers' CPU time over the run (send + drain), summed, and each generator process's. */
  cpuMs: number | null;
  generatorCpuMs: (number | null)[];
  wallMs: number;
}
