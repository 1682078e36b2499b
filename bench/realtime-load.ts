/**
 * The realtime bench's load: answers at a fixed rate, open loop, round-robin over the rooms, each timed until the
 * partner's screen holds it (bench/partner-screen.ts), with at most one answer awaited per room (the event's
 * version says which answer it is, but a room with an answer overdue is skipped rather than queued behind it).
 * Shared by the app and the bare relay, so both are measured the same way.
 */
import { readCpuMs, sleep } from './lib';

/** An answer whose partner screen did not hold it within this is lost. */
export const LOST_AFTER_MS = 5_000;

/** What the load needs of one server: the session ids its events carry (one per room) and how to send answer `n` of room `r`. */
export interface Load {
  sessionIds: string[];
  send(r: number, n: number): Promise<Response>;
  okStatus: number;
  pid: number;
}

/** Per room, the send time of the answer awaited on the partner's screen; the latencies of those it held in time. */
export class Awaited {
  private readonly index = new Map<string, number>();
  private readonly t0: (number | undefined)[];
  readonly retired = new Set<number>();
  readonly latencies: number[] = [];
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
    if (ms <= LOST_AFTER_MS) this.latencies.push(ms);
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

export interface LoadResult {
  latencies: number[];
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
  maxSendLagMs: number;
  /** The server's CPU time over the run (send + drain), and that run's wall time. */
  cpuMs: number | null;
  wallMs: number;
}

/**
 * `ratePerS × durationS` answers, open loop, answer i to room i mod rooms; `setReceiver` routes what the partners' screens hold here.
 * Bounded: the sends last durationS, then at most LOST_AFTER_MS for the screens and REQUEST_TIMEOUT_MS for the answers.
 */
export async function runLoad(load: Load, ratePerS: number, durationS: number, setReceiver: (a: Awaited | null) => void): Promise<LoadResult> {
  const awaited = new Awaited(load.sessionIds);
  const rooms = load.sessionIds.length;
  const sentPerRoom = new Array<number>(rooms).fill(0);
  const statuses: Record<string, number> = {};
  const tally = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const httpMs: number[] = [];
  const inFlight: Promise<void>[] = [];
  const interval = 1000 / ratePerS;
  let sent = 0;
  let accepted = 0;
  let skipped = 0;
  let maxSendLagMs = 0;
  setReceiver(awaited);
  const cpuBefore = readCpuMs(load.pid);
  const start = performance.now();
  try {
    for (let i = 0; i < ratePerS * durationS; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const r = i % rooms;
      const previous = awaited.sentAt(r);
      if (awaited.retired.has(r) || previous !== undefined) {
        if (previous !== undefined && performance.now() - previous > LOST_AFTER_MS) awaited.retire(r);
        skipped++;
        continue;
      }
      const t0 = performance.now();
      maxSendLagMs = Math.max(maxSendLagMs, t0 - due);
      awaited.sending(r, t0);
      sent++;
      // The body is read inside, so a timeout while reading it counts as a timeout, not as a crash of the run.
      const answered = load.send(r, sentPerRoom[r]++).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
      inFlight.push(
        answered.then(
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
  const cpuAfter = readCpuMs(load.pid);
  return {
    latencies: awaited.latencies,
    sent,
    accepted,
    skipped,
    lost: sent - awaited.latencies.length,
    stray: awaited.stray,
    retired: awaited.retired.size,
    statuses,
    httpMs,
    maxSendLagMs,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    wallMs: performance.now() - start,
  };
}
