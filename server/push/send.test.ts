import { describe, expect, it, vi } from 'vitest';
import { testDevice } from '../../test/push';
import { manualClock } from '../clock';
import type { PushConfig } from '../config';
import type { Lookup } from './endpoint';
import { type PushDeps, PushFailed, PushRejected, deliverPush } from './send';
import { verifyVapid } from './vapid-jwt';
import { generateVapidKeys } from './vapid-keys';

const APP = 'https://twogether.app';
const FCM = 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH';
const push: PushConfig = {
  vapid: { ...generateVapidKeys(), subject: 'mailto:hello@twogether.app' },
  allowedHosts: ['fcm.googleapis.com', '*.notify.windows.com'],
  localService: false,
};
const publicAddress: Lookup = async () => [{ address: '142.250.74.106', family: 4 }];

/** A push service that answers every request with `status` (and `body`), and keeps what it was sent. */
function answering(status: number, body = '') {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init! });
    return new Response(body || null, { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, calls: () => fetch.mock.calls.length };
}

const depsWith = (fetch: typeof globalThis.fetch, overrides: Partial<PushDeps> = {}): PushDeps => ({
  push,
  appUrl: APP,
  clock: manualClock('2025-03-01T09:00:00Z'),
  fetch,
  lookup: publicAddress,
  ...overrides,
});

const device = testDevice();
const sub = { endpoint: FCM, ...device.keys };
const opts = { ttlSeconds: 3600 };

describe('deliverPush', () => {
  it('sends an encrypted request that only the device reads, signed with a token from the app’s clock', async () => {
    const clock = manualClock('2031-06-01T12:00:00Z'); // years from the wall clock: the token's time is the app's
    const service = answering(201);
    expect(await deliverPush(depsWith(service.fetch, { clock }), sub, 'Ana nudged you', { ttlSeconds: 600, urgency: 'high', topic: 'nudge' })).toBe('sent');

    const [{ url, init }] = service.requests;
    const headers = init.headers as Record<string, string>;
    expect(url).toBe(FCM);
    expect(init).toMatchObject({ method: 'POST', redirect: 'manual' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(headers).toMatchObject({ TTL: '600', 'Content-Encoding': 'aes128gcm', 'Content-Type': 'application/octet-stream', Urgency: 'high', Topic: 'nudge' });
    expect(device.decrypt(Buffer.from(init.body as Uint8Array))).toBe('Ana nudged you');

    const now = Date.parse('2031-06-01T12:00:00Z') / 1000;
    expect(verifyVapid(headers.Authorization, { audience: 'https://fcm.googleapis.com', nowSeconds: now })).toEqual({ ok: true, publicKey: push.vapid.publicKey });
    const claims = JSON.parse(Buffer.from(headers.Authorization.split(/[ .,]/)[2], 'base64url').toString());
    expect(claims).toEqual({ aud: 'https://fcm.googleapis.com', exp: now + 12 * 60 * 60, sub: 'mailto:hello@twogether.app' });
  });

  it.each([
    [200, 'sent'],
    [201, 'sent'],
    [202, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [403, 'gone'], // RFC 8292: not the key the subscription was made with, as after the keys changed
  ] as const)('takes %i as %s', async (status, outcome) => {
    expect(await deliverPush(depsWith(answering(status).fetch), sub, 'hello', opts)).toBe(outcome);
  });

  it.each([400, 401, 413, 301])('throws PushRejected for %i: the request is at fault, not the subscription', async (status) => {
    const sending = deliverPush(depsWith(answering(status, ` {"reason":\n"Because"} `).fetch), sub, 'hello', opts);
    await expect(sending).rejects.toEqual(new PushRejected(`The push service refused the request with ${status}: {"reason": "Because"}`, status));
    await expect(sending).rejects.toMatchObject({ status });
  });

  it('takes Safari’s 400 for a key that is not the subscription’s as gone, and its other 400s as rejected', async () => {
    const service = answering(400, '{"reason":"VapidPkHashMismatch"}');
    expect(await deliverPush(depsWith(service.fetch), sub, 'hello', opts)).toBe('gone');
    await expect(deliverPush(depsWith(answering(400, '{"reason":"BadWebPushTopic"}').fetch), sub, 'hello', opts)).rejects.toBeInstanceOf(PushRejected);
  });

  it.each([429, 500, 502, 503])('throws PushFailed with the status for %i, to be retried', async (status) => {
    const sending = deliverPush(depsWith(answering(status).fetch), sub, 'hello', opts);
    await expect(sending).rejects.toBeInstanceOf(PushFailed);
    await expect(sending).rejects.toMatchObject({ status });
  });

  it('throws PushFailed without a status when the network fails or the name does not resolve', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(deliverPush(depsWith(down), sub, 'hello', opts)).rejects.toMatchObject({
      name: 'PushFailed',
      status: undefined,
      message: expect.stringMatching(/did not answer: fetch failed/),
    });
    const unresolved: Lookup = async () => {
      throw new Error('getaddrinfo ENOTFOUND fcm.googleapis.com');
    };
    await expect(deliverPush(depsWith(answering(201).fetch, { lookup: unresolved }), sub, 'hello', opts)).rejects.toBeInstanceOf(PushFailed);
  });

  it('makes no request to an endpoint refused at send', async () => {
    const service = answering(201);
    const privateDns: Lookup = async () => [{ address: '10.0.0.8', family: 4 }];
    expect(await deliverPush(depsWith(service.fetch, { lookup: privateDns }), sub, 'hello', opts)).toBe('refused');
    expect(await deliverPush(depsWith(service.fetch), { ...sub, endpoint: 'https://push.example.com/x' }, 'hello', opts)).toBe('refused');
    expect(await deliverPush(depsWith(service.fetch), { ...sub, endpoint: `${APP}/dev/push/s/AAAAAAAAAAAAAAAAAAAAAA` }, 'hello', opts)).toBe('refused');
    expect(service.calls()).toBe(0);
  });

  it('refuses, without a request, a subscription whose key is not a point on the curve', async () => {
    const service = answering(201);
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url');
    expect(await deliverPush(depsWith(service.fetch), { ...sub, p256dh: offCurve }, 'hello', opts)).toBe('refused');
    expect(service.calls()).toBe(0);
  });
});
