import type { Redis } from 'ioredis';

/** What a cache can be told to forget. Each carries user ids: the keys every cache here is indexed by. */
export type Invalidation = { topic: 'auth'; userIds: string[] } | { topic: 'dashboard'; userIds: string[] };
export type Topic = Invalidation['topic'];

export interface InvalidationBus {
  /** Forget now in this process, and in every other process through Redis when configured. Call after commit. */
  publish(message: Invalidation): void;
  subscribe(topic: Topic, listener: (userIds: string[]) => void): void;
  /** Called whenever messages may have been missed (the Redis subscriber reconnected): forget everything. */
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'twogether:invalidate';

/**
 * The in-process caches (signed-in sessions, dashboards) are only correct if every process hears about every
 * write that changes them. Locally a listener runs synchronously; with Redis, the same message goes to the
 * other processes over pub/sub (our own echo is applied twice, which is harmless: forgetting is idempotent).
 */
export function createInvalidationBus(redis?: Redis, log?: { warn(obj: object, msg: string): void }): InvalidationBus {
  const listeners = new Map<Topic, ((userIds: string[]) => void)[]>();
  const resyncs: (() => void)[] = [];
  const deliver = (message: Invalidation) => {
    for (const listener of listeners.get(message.topic) ?? []) listener(message.userIds);
  };

  let sub: Redis | undefined;
  if (redis) {
    sub = redis.duplicate();
    void sub.subscribe(CHANNEL).catch((err: unknown) => log?.warn({ err }, 'invalidation bus: subscribe failed'));
    // Pub/sub keeps nothing for a subscriber that was away: after every (re)connection, start from empty caches.
    sub.on('ready', () => {
      for (const listener of resyncs) listener();
    });
    sub.on('message', (_channel: string, raw: string) => {
      try {
        deliver(JSON.parse(raw) as Invalidation);
      } catch (err) {
        log?.warn({ err }, 'invalidation bus: bad message');
      }
    });
  }

  return {
    publish(message) {
      if (message.userIds.length === 0) return;
      deliver(message);
      if (redis) void redis.publish(CHANNEL, JSON.stringify(message)).catch((err: unknown) => log?.warn({ err }, 'invalidation bus: publish failed'));
    },
    subscribe(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    onResync(listener) {
      resyncs.push(listener);
    },
    async close() {
      await sub?.quit().catch(() => undefined);
    },
  };
}

/**
 * A read-through cache whose entries depend on users, that cannot keep a stale value. Every invalidation
 * advances a clock and stamps the users it names; a value whose load began before the stamp of any user it
 * depends on is returned to its caller but never stored. Entries also expire after `ttlMs`, and the oldest go
 * first beyond `max` entries.
 */
export class UserCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number; userIds: string[] }>();
  private readonly byUser = new Map<string, Set<K>>();
  private readonly invalidatedAt = new Map<string, number>();
  private clock = 0;
  /** Loads that began before this are never stored: the stamps that could have refused them were dropped. */
  private floor = 0;

  constructor(private readonly opts: { ttlMs: number; max: number }) {}

  get(key: K, now = Date.now()): V | undefined {
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
