/**
 * The one source of "now" on the server (docs/decisions/032): services, jobs and SQL that decide a day, an hour or an
 * expiry take a Clock instead of reading Date.now(), so tests move days forward without sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests, and for the test helpers' time travel in end-to-end runs. */
export interface ManualClock extends Clock {
  set(to: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = new Date()): ManualClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (to) => void (at = new Date(to).getTime()),
    advance: (ms) => void (at += ms),
  };
}

/** A clock that runs with the system's but can be put ahead by an offset: the built server's end-to-end time travel. */
export function offsetClock(): Clock & { advance(ms: number): void; offsetMs(): number } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => void (offset += ms),
    offsetMs: () => offset,
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
