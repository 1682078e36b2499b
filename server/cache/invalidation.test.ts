import { describe, expect, it, vi } from 'vitest';
import { createInvalidationBus, type InvalidationBus } from './invalidation';
import { busCache, UserCache } from './user-cache';

describe('UserCache', () => {
  it('keeps a value until a user it depends on is invalidated', () => {
    const cache = new UserCache<string, number>({ ttlMs: 60_000, max: 10 });
    cache.set('a-dash', ['a', 'b'], 1, cache.stamp());
    cache.set('c-dash', ['c'], 2, cache.stamp());
    expect(cache.get('a-dash')).toBe(1);
    cache.invalidate(['b']);
    expect(cache.get('a-dash')).toBeUndefined();
    expect(cache.get('c-dash')).toBe(2);
  });

  it('never stores a value whose load began before an invalidation of its users', () => {
    const cache = new UserCache<string, number>({ ttlMs: 60_000, max: 10 });
    const since = cache.stamp();
    cache.invalidate(['a']); // a write committed while the load was reading
    cache.set('a-dash', ['a'], 1, since);
    expect(cache.get('a-dash')).toBeUndefined();
    cache.set('a-dash', ['a'], 2, cache.stamp()); // a load begun after it may be kept
    expect(cache.get('a-dash')).toBe(2);
    const other = cache.stamp();
    cache.invalidate(['z']);
    cache.set('b-dash', ['b'], 3, other); // another user's invalidation does not matter
    expect(cache.get('b-dash')).toBe(3);
  });

  it('expires entries by age and by the given deadline, and drops the oldest beyond its size', () => {
    // Date.now() stands still: an entry's age counts from the very instant the test reads, however busy the machine.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-09T12:00:00Z') });
    try {
      const cache = new UserCache<string, number>({ ttlMs: 1_000, max: 2 });
      const now = Date.now();
      cache.set('x', ['x'], 1, cache.stamp());
      expect(cache.get('x', now + 999)).toBe(1);
      expect(cache.get('x', now + 1_000)).toBeUndefined();
      cache.set('y', ['y'], 2, cache.stamp(), now + 10);
      expect(cache.get('y', now + 9)).toBe(2);
      expect(cache.get('y', now + 10)).toBeUndefined();
      cache.set('p', ['p'], 1, cache.stamp());
      cache.set('q', ['q'], 2, cache.stamp());
      cache.set('r', ['r'], 3, cache.stamp());
      expect([cache.get('p'), cache.get('q'), cache.get('r')]).toEqual([undefined, 2, 3]);
      expect(cache.size).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('neither answers nor stores while it is not trusted', () => {
    let trusted = true;
    const cache = new UserCache<string, number>({ ttlMs: 60_000, max: 10, trusted: () => trusted });
    cache.set('a', ['a'], 1, cache.stamp());
    trusted = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', ['b'], 2, cache.stamp());
    trusted = true;
    expect(cache.get('b')).toBeUndefined();
  });
});

describe('busCache', () => {
  /** A bus whose reliability the test sets, and whose resync it triggers. */
  function fakeBus() {
    const bus = createInvalidationBus();
    const resyncs: (() => void)[] = [];
    const state = { reliable: true, resync: () => resyncs.forEach((fn) => fn()) };
    const fake: InvalidationBus = { ...bus, onResync: (fn) => void resyncs.push(fn), reliable: () => state.reliable };
    return { bus: fake, state };
  }

  it('forgets on its topic, is bypassed while the bus is unreliable, and starts empty once it is back', () => {
    const { bus, state } = fakeBus();
    const cache = busCache<string, number>(bus, 'dashboard', { ttlMs: 60_000, max: 10 });
    cache.set('a', ['a'], 1, cache.stamp());
    bus.publish({ topic: 'auth', userIds: ['a'] });
    expect(cache.get('a')).toBe(1);
    bus.publish({ topic: 'dashboard', userIds: ['a'] });
    expect(cache.get('a')).toBeUndefined();

    cache.set('a', ['a'], 2, cache.stamp());
    const loading = cache.stamp(); // a load that began before Redis went away
    state.reliable = false;
    expect(cache.get('a')).toBeUndefined();
    state.reliable = true;
    state.resync();
    cache.set('a', ['a'], 3, loading);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('the invalidation bus without Redis', () => {
  it('delivers to the subscribers of the topic, synchronously', () => {
    const bus = createInvalidationBus();
    const heard: string[][] = [];
    bus.subscribe('dashboard', (ids) => heard.push(ids));
    bus.publish({ topic: 'auth', userIds: ['a'] });
    bus.publish({ topic: 'dashboard', userIds: ['b', 'c'] });
    expect(heard).toEqual([['b', 'c']]);
    expect(bus.reliable()).toBe(true);
  });
});
