import { randomBytes } from 'node:crypto';

/** RFC 8030's urgencies; a push without the header is `normal`. */
export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/** A push the local service took: the encrypted body as it came, which only the device's keys can read. */
export interface LocalPushMessage {
  id: string;
  endpointId: string;
  receivedAt: Date;
  size: number;
  body: Buffer;
  ttl: number;
  urgency: Urgency;
  topic: string | null;
}

interface LocalSubscription {
  /** The application server key the subscription was made with (a browser's `applicationServerKey`); null takes any. */
  key: string | null;
  /** Unsubscribed: pushes hear 410, as a browser's push service answers once the browser let go. */
  gone: boolean;
  /** Answers the next pushes get instead of being taken (tests of retries). */
  failing: { status: number; times: number } | null;
}

/** Enough for a day of trying things; the oldest go first. */
const MAX_MESSAGES = 200;
const MAX_SUBSCRIPTIONS = 1000;

/** The local push service's memory: subscriptions and the newest messages. Nothing survives a restart, as in a test. */
export function createLocalPushStore() {
  const subscriptions = new Map<string, LocalSubscription>();
  let messages: LocalPushMessage[] = [];

  return {
    subscribe(key: string | null): string {
      const id = randomBytes(16).toString('base64url');
      subscriptions.set(id, { key, gone: false, failing: null });
      if (subscriptions.size > MAX_SUBSCRIPTIONS) subscriptions.delete(subscriptions.keys().next().value!);
      return id;
    },
    find: (id: string): Readonly<LocalSubscription> | undefined => subscriptions.get(id),
    /** False when there was no such subscription. */
    unsubscribe(id: string): boolean {
      const found = subscriptions.get(id);
      if (found) found.gone = true;
      return Boolean(found);
    },
    failNext(id: string, status: number, times: number): boolean {
      const found = subscriptions.get(id);
      if (found) found.failing = { status, times };
      return Boolean(found);
    },
    /** The status the next push must hear instead of a 201, counting it down; null when none is due. */
    takeFailure(id: string): number | null {
      const failing = subscriptions.get(id)?.failing;
      if (!failing || failing.times <= 0) return null;
      failing.times -= 1;
      return failing.status;
    },
    receive(message: Omit<LocalPushMessage, 'id'>): LocalPushMessage {
      const stored = { id: randomBytes(12).toString('base64url'), ...message };
      messages = [stored, ...messages].slice(0, MAX_MESSAGES);
      return stored;
    },
    /** Newest first. */
    messages: (): readonly LocalPushMessage[] => messages,
  };
}

export type LocalPushStore = ReturnType<typeof createLocalPushStore>;
