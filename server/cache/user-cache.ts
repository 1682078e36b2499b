import type { InvalidationBus, Topic } from './invalidation';

/**
 * A read-through cache whose entries depend on users, that cannot keep a stale value. Every invalidation
 * advances a clock and stamps the users it names; a value whose load began before the stamp of any user it
 * depends on is returned to its caller but never stored. Entries also expire after `ttlMs`, and the oldest go
 * first beyond `max` entries. While `trusted()` says no, it neither answers nor stores: every read loads.
 */
export class UserCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number; userIds: string[] }>();
  private readonly byUser = new Map<string, Set<K>>();
  private readonly invalidatedAt = new Map<string, number>();
  private clock = 0;
  /** Loads that began before this are never stored: the stamps that could have refused them were dropped. */
  private floor = 0;

  constructor(private readonly opts: { ttlMs: number; max: number; trusted?: () => boolean }) {}

  get(key: K, now = Date.now()): V | undefined {
    if (this.opts.trusted?.() === false) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Read before a load; hand it to `set` after. */
  stamp(): number {
    return this.clock;
  }

  /** Stores `value`, unless one of `userIds` was invalidated after `loadedSince`; never past `until`. */
  set(key: K, userIds: string[], value: V, loadedSince: number, until = Infinity): void {
    if (this.opts.trusted?.() === false) return;
    if (loadedSince < this.floor || userIds.some((u) => (this.invalidatedAt.get(u) ?? -1) >= loadedSince)) return;
    if (this.entries.size >= this.opts.max && !this.entries.has(key)) this.delete(this.entries.keys().next().value as K);
    this.delete(key);
    this.entries.set(key, { value, until: Math.min(until, Date.now() + this.opts.ttlMs), userIds });
    for (const userId of userIds) {
      let keys = this.byUser.get(userId);
      if (!keys) this.byUser.set(userId, (keys = new Set()));
      keys.add(key);
    }
  }

  invalidate(userIds: Iterable<string>): void {
    const at = this.clock++;
    for (const userId of userIds) {
      this.invalidatedAt.set(userId, at);
      for (const key of this.byUser.get(userId) ?? []) this.delete(key);
    }
    // Stamps only matter to loads in flight. Rather than keep one per user forever, drop them all now and then,
    // and refuse to store what loads already running bring back.
    if (this.invalidatedAt.size > this.opts.max) this.forgetStamps();
  }

  /** Forget every entry, and refuse what loads already running bring back. */
  clear(): void {
    this.entries.clear();
    this.byUser.clear();
    this.forgetStamps();
  }

  private forgetStamps() {
    this.invalidatedAt.clear();
    this.floor = ++this.clock;
  }

  get size() {
    return this.entries.size;
  }

  private delete(key: K) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const userId of entry.userIds) {
      const keys = this.byUser.get(userId);
      keys?.delete(key);
      if (keys?.size === 0) this.byUser.delete(userId);
    }
  }
}

/**
 * A UserCache kept by the bus: it forgets the users named on `topic`, forgets everything on a resync, and is
 * bypassed while the bus cannot promise to deliver (Redis away): then it might miss a write's invalidation.
 */
export function busCache<K, V>(bus: InvalidationBus, topic: Topic, opts: { ttlMs: number; max: number }): UserCache<K, V> {
  const cache = new UserCache<K, V>({ ...opts, trusted: () => bus.reliable() });
  bus.subscribe(topic, (userIds) => cache.invalidate(userIds));
  bus.onResync(() => cache.clear());
  return cache;
}
