import type { Redis } from 'ioredis';
import { closeRedis, duplicateRedis } from './redis';

/** What a cache can be told to forget. Each carries user ids: the keys every cache here is indexed by. */
export type Invalidation = { topic: 'auth'; userIds: string[] } | { topic: 'dashboard'; userIds: string[] };
export type Topic = Invalidation['topic'];
/** On the wire, also 'forget everything': what a process sends after more was missed than it kept. */
type WireMessage = Invalidation | { topic: 'resync' };

export interface InvalidationBus {
  /** Forget now in this process, and in every other process through Redis when configured. Call after commit. */
  publish(message: Invalidation): void;
  subscribe(topic: Topic, listener: (userIds: string[]) => void): void;
  /** Called whenever messages may have been missed (Redis was away and is back): forget everything. */
  onResync(listener: () => void): void;
  /**
   * Whether every invalidation is known to reach every listener now. Not while Redis is away (this process
   * hears nothing and its own messages wait to be sent): caches must not be trusted then.
   */
  reliable(): boolean;
  close(): Promise<void>;
}

const CHANNEL = 'twogether:invalidate';
/** Messages kept while Redis is away; past this, the others are told to forget everything instead. */
const MAX_PENDING = 1_000;
const FLUSH_RETRY_MS = 1_000;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The in-process caches (signed-in sessions, dashboards) are only correct if every process hears about every
 * write that changes them. Locally a listener runs synchronously; with Redis, the same message goes to the
 * other processes over pub/sub (our own echo is applied twice, which is harmless: forgetting is idempotent).
 * While Redis is away the bus is not reliable: messages this process could not send are kept and sent when
 * Redis is back (another process may have reconnected earlier and cached since), and once both connections
 * are back and nothing is left to send, every listener resyncs.
 */
export function createInvalidationBus(redis?: Redis, log?: Log): InvalidationBus {
  const listeners = new Map<Topic, ((userIds: string[]) => void)[]>();
  const resyncs: (() => void)[] = [];
  const deliver = (message: WireMessage) => {
    if (message.topic === 'resync') for (const listener of resyncs) listener();
    else for (const listener of listeners.get(message.topic) ?? []) listener(message.userIds);
  };
  const common = {
    subscribe(topic: Topic, listener: (userIds: string[]) => void) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    onResync(listener: () => void) {
      resyncs.push(listener);
    },
  };
  if (!redis) {
    return {
      ...common,
      publish: (message) => void (message.userIds.length && deliver(message)),
      reliable: () => true,
      close: async () => {},
    };
  }

  // Subscribes on every connection itself (not ioredis's resubscription) to know when it is listening again.
  const sub = duplicateRedis(redis, { autoResubscribe: false });
  let listening = false;
  let pending: WireMessage[] = [];
  let flushing = false;
  let trusted = false;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  /** Trust comes back only with a resync: whatever was cached before may have missed messages. */
  const update = () => {
    const next = listening && redis.status === 'ready' && pending.length === 0 && !flushing;
    if (next && !trusted) deliver({ topic: 'resync' });
    trusted = next;
  };
  const keep = (messages: WireMessage[]) => {
    pending.push(...messages);
    if (pending.length > MAX_PENDING) pending = [{ topic: 'resync' }];
    trusted = false;
    if (!retry && !closed) retry = setTimeout(() => ((retry = undefined), void flush()), FLUSH_RETRY_MS).unref();
  };
  const send = (message: WireMessage) => redis.publish(CHANNEL, JSON.stringify(message));

  async function flush() {
    if (flushing || pending.length === 0 || redis!.status !== 'ready') return update();
    flushing = true;
    const batch = pending;
    pending = [];
    try {
      await Promise.all(batch.map(send));
    } catch (err) {
      log?.warn({ err }, 'invalidation bus: sending held messages failed');
      keep(batch);
    } finally {
      flushing = false;
      update();
    }
  }

  sub.on('ready', () => {
    sub.subscribe(CHANNEL).then(
      () => ((listening = true), update()),
      (err: unknown) => {
        log?.warn({ err }, 'invalidation bus: subscribe failed');
        if (!closed) sub.disconnect(true); // try again on a fresh connection
      },
    );
  });
  sub.on('close', () => ((listening = false), update()));
  sub.on('message', (_channel: string, raw: string) => {
    try {
      deliver(JSON.parse(raw) as WireMessage);
    } catch (err) {
      log?.warn({ err }, 'invalidation bus: bad message');
    }
  });
  redis.on('ready', () => void flush());
  redis.on('close', update);

  return {
    ...common,
    publish(message) {
      if (message.userIds.length === 0) return;
      deliver(message);
      if (pending.length || redis.status !== 'ready') return keep([message]);
      send(message).catch(() => keep([message]));
    },
    reliable: () => trusted && redis.status === 'ready',
    async close() {
      closed = true;
      clearTimeout(retry);
      await closeRedis(sub);
    },
  };
}

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
