import type webpush from 'web-push';
import type { Clock } from '../clock';
import type { PushConfig } from '../config';
import { type Lookup, endpointRefusalAtSend } from './endpoint';
import { vapidAuthorization } from './vapid-jwt';

/** A device's subscription as the server keeps it: where to POST, and the keys its browser decrypts with. */
export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What sending needs: the keys and allowlist, the app's origin (for the local push service), time, and the network. */
export interface PushDeps {
  push: PushConfig;
  appUrl: string;
  clock: Clock;
  fetch: typeof fetch;
  lookup?: Lookup;
}

/**
 * - `sent`: the push service took the message (it delivers when the device is online, within the TTL).
 * - `gone`: the subscription will never take a message again; delete it.
 * - `refused`: no request was made: the endpoint fails the check at send (endpoint.ts), or the subscription's keys
 *   cannot encrypt. Sending again will not help.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused';

/** Thrown for a failure worth retrying (5xx, 429, network error): the job queue retries with backoff. */
export class PushFailed extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PushFailed';
  }
}

/**
 * Thrown when the push service refused the request itself (401, 400, 413, or an answer no push service gives): the
 * fault is in what the app sent or how it signed it (the keys, the subject, the clock, the payload's size), not in
 * the subscription, which is kept. Retrying does not heal it; the job queue's retries end in its dead-letter log,
 * which is where a person sees it. A caller that wants no retries catches it.
 */
export class PushRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PushRejected';
  }
}

/** How long a VAPID token lives: half the 24 hours push services allow, as web-push does, for clocks that disagree. */
const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** Safari's push service answers a key that is not the subscription's with 400 and this reason. */
const APPLE_KEY_MISMATCH = /"reason"\s*:\s*"VapidPkHashMismatch"/;

/** web-push's refusal of a subscription's keys: the wrong length, or a p256dh that is not a point on P-256. */
const isKeyProblem = (err: unknown) =>
  (err as NodeJS.ErrnoException).code === 'ERR_CRYPTO_ECDH_INVALID_PUBLIC_KEY' || /subscription|user (public key|auth)/i.test((err as Error).message);

/**
 * Encrypts `payload` for the device (RFC 8291, aes128gcm), signs the request with the app's VAPID key (RFC 8292) and
 * POSTs it to the subscription's endpoint (RFC 8030), after checking that endpoint again (endpoint.ts).
 *
 * What the push service's answer means:
 * - 200, 201, 202: `sent`.
 * - 404, 410: `gone` (the browser unsubscribed, or the subscription expired).
 * - 403, and Safari's 400 "VapidPkHashMismatch": `gone`. RFC 8292 reserves 403 for a key that is not the one the
 *   subscription was made with, which is every subscription after the VAPID keys change: none will take a message
 *   again, and its owner must turn notifications on anew.
 * - 429, 5xx, a network error or no answer within 10 s: PushFailed, thrown, for the job queue to retry.
 * - 401 (our token refused), 400, 413 and anything else: PushRejected, thrown: the subscription is not at fault.
 * An endpoint refused by the check at send, or keys that cannot encrypt (not a point on the curve): `refused`,
 * without a request.
 */
export async function deliverPush(
  deps: PushDeps,
  sub: PushSubscriptionKeys,
  payload: string,
  opts: { ttlSeconds: number; urgency?: 'low' | 'normal' | 'high'; topic?: string },
): Promise<PushOutcome> {
  let refusal;
  try {
    refusal = await endpointRefusalAtSend(deps.push, deps.appUrl, sub.endpoint, deps.lookup);
  } catch (err) {
    throw new PushFailed(`The push service's address could not be resolved: ${(err as Error).message}`);
  }
  if (refusal) return 'refused';

  let request: ReturnType<typeof webpush.generateRequestDetails>;
  // web-push (and the ASN.1 and big-number code under it) is loaded on the first push, not at every start.
  const library = (await import('web-push')).default;
  try {
    request = library.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
      contentEncoding: 'aes128gcm',
      TTL: opts.ttlSeconds,
      urgency: opts.urgency,
      topic: opts.topic,
    });
  } catch (err) {
    if (isKeyProblem(err)) return 'refused';
    throw err; // a topic or TTL the caller got wrong: a bug, not a device's
  }
  const { vapid } = deps.push;
  const headers: Record<string, string> = {};
  // fetch sets Content-Length from the body itself.
  for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  headers.Authorization = vapidAuthorization({
    audience: new URL(sub.endpoint).origin,
    subject: vapid.subject,
    publicKey: vapid.publicKey,
    privateKey: vapid.privateKey,
    expSeconds: Math.floor(deps.clock.now().getTime() / 1000) + TOKEN_LIFETIME_SECONDS,
  });

  let response: Response;
  try {
    response = await deps.fetch(sub.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      // A redirect could lead anywhere, past the checks above: a push service never sends one.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new PushFailed(`The push service did not answer: ${(err as Error).message}`);
  }
  const { status } = response;
  const text = await response.text().catch(() => '');
  if (status === 200 || status === 201 || status === 202) return 'sent';
  if (status === 404 || status === 410 || status === 403) return 'gone';
  if (status === 400 && APPLE_KEY_MISMATCH.test(text)) return 'gone';
  if (status === 429 || status >= 500) throw new PushFailed(`The push service answered ${status}; worth another try.`, status);
  // The service's own words say what it disliked; a few hundred characters of them, on one line.
  const said = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  throw new PushRejected(`The push service refused the request with ${status}${said ? `: ${said}` : ''}`, status);
}
