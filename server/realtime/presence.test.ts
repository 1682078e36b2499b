import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceGrace } from './presence';

// Timers and Date.now() are Vitest's: the grace runs out when the test moves time, never on a busy machine's whim.
beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-03-09T12:00:00Z') }));
afterEach(() => void vi.useRealTimers());

describe('the presence grace', () => {
  it('holds a departed player as present, and announces the departure only once the whole grace is over', () => {
    const grace = new PresenceGrace(1_000);
    const expired = vi.fn();
    grace.depart('s1', 'u-b', expired);
    expect(grace.holding('s1')).toEqual(['u-b']);

    vi.advanceTimersByTime(999);
    expect(grace.holding('s1')).toEqual(['u-b']);
    expect(expired).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
    expect(grace.holding('s1')).toEqual([]);
    grace.close();
  });

  it('a second departure within the grace (a reload that dropped again) holds the player until its own grace ends', () => {
    const grace = new PresenceGrace(1_000);
    const expired = vi.fn();
    grace.depart('s1', 'u-b', expired);
    vi.advanceTimersByTime(600);
    grace.depart('s1', 'u-b', expired);
    vi.advanceTimersByTime(400);
    expect(expired).toHaveBeenCalledOnce();
    expect(grace.holding('s1')).toEqual(['u-b']);
    vi.advanceTimersByTime(600);
    expect(expired).toHaveBeenCalledTimes(2);
    expect(grace.holding('s1')).toEqual([]);
    grace.close();
  });
});
