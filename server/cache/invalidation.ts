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

/** The Redis channel every process of one deployment shares. */
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
 * are back and nothing is left to send, every listener resyncs. Every process of a deployment uses the same
 * `channel`; tests that share one Redis give each bus pair a channel of its own.
 */
export function createInvalidationBus(redis?: Redis, log?: Log, channel = CHANNEL): InvalidationBus {
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
  const send = (message: WireMessage) => redis.publish(channel, JSON.stringify(message));

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
    sub.subscribe(channel).then(
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
