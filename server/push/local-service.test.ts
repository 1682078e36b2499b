import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevPushMessage } from '@core/contracts/dev';
import { type TestApp, createTestApp } from '../../test/app';
import { testDevice } from '../../test/push';
import { DAY_MS, manualClock } from '../clock';
import { type PushDeps, PushFailed, PushRejected, deliverPush } from './send';
import { vapidAuthorization } from './vapid-jwt';
import { generateVapidKeys } from './vapid-keys';

const HOUR_MS = 60 * 60 * 1000;
const clock = manualClock('2025-03-01T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { clock });
});
afterAll(() => t.close());

/** The network, as seen from the sender: every request goes to the app in-process, as a push service on this machine would get it. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname + url.search,
      headers: init?.headers as Record<string, string>,
      payload: init?.body ? Buffer.from(init.body as Uint8Array) : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

const deps = (overrides: Partial<PushDeps> = {}): PushDeps => ({ push: t.config.push!, appUrl: t.config.appUrl, clock, fetch: injectFetch(t.app), ...overrides });

/** A browser subscribing: the endpoint the push service hands it, bound to the app's key as the browser asks. */
async function subscribe(applicationServerKey = t.config.push!.vapid.publicKey) {
  const res = await t.app.inject({ method: 'POST', url: '/dev/push/subscriptions', payload: { applicationServerKey } });
  expect(res.statusCode).toBe(201);
  const { endpoint } = res.json<{ endpoint: string }>();
  const device = testDevice();
  return { endpoint, device, sub: { endpoint, ...device.keys }, path: new URL(endpoint).pathname };
}

async function received(): Promise<DevPushMessage[]> {
  const res = await t.app.inject({ url: '/api/dev/push' });
  expect(res.statusCode).toBe(200);
  return res.json<{ messages: DevPushMessage[] }>().messages;
}

/** A push request as deliverPush would send it, with this Authorization header. */
function pushWith(path: string, authorization: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization, ttl: '60', 'content-type': 'application/octet-stream', 'content-encoding': 'aes128gcm', ...headers },
    payload: Buffer.alloc(120, 1),
  });
}

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const appKeys = () => t.config.push!.vapid;
const token = (overrides: Partial<Parameters<typeof vapidAuthorization>[0]> = {}) =>
  vapidAuthorization({ audience: 'http://localhost:3000', ...appKeys(), expSeconds: nowSeconds() + 3600, ...overrides });

describe('the local push service with the sender', () => {
  it('delivers a message the device decrypts, with its TTL, urgency and topic', async () => {
    const { endpoint, device, sub } = await subscribe();
    const text = 'Ana nudged you: time for today’s question 💌';
    expect(await deliverPush(deps(), sub, text, { ttlSeconds: 3600, urgency: 'high', topic: 'nudge' })).toBe('sent');

    const [message] = await received();
    expect(message).toMatchObject({ endpoint, receivedAt: '2025-03-01T09:00:00.000Z', ttl: 3600, urgency: 'high', topic: 'nudge' });
    const body = Buffer.from(message.body, 'base64url');
    expect(message.size).toBe(body.length);
    expect(device.decrypt(body)).toBe(text);
    // Another device's keys do not open it.
    expect(() => testDevice().decrypt(body)).toThrow();
  });

  it('answers 201 with the message’s Location, and keeps urgency normal when none is said', async () => {
    const { sub, path } = await subscribe();
    const res = await pushWith(path, token());
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toMatch(/^http:\/\/localhost:3000\/dev\/push\/m\/[A-Za-z0-9_-]+$/);
    expect(await deliverPush(deps(), sub, 'plain', { ttlSeconds: 60 })).toBe('sent');
    expect((await received())[0]).toMatchObject({ urgency: 'normal', topic: null, ttl: 60 });
  });

  it('signs with the app’s clock: days ahead of the wall clock, pushes still go', async () => {
    const { device, sub } = await subscribe();
    clock.advance(3 * DAY_MS);
    expect(await deliverPush(deps(), sub, 'three days later', { ttlSeconds: 60 })).toBe('sent');
    expect(device.decrypt(Buffer.from((await received())[0].body, 'base64url'))).toBe('three days later');
  });

  it('says gone once the browser unsubscribed, and for an endpoint it never made', async () => {
    const { sub, path } = await subscribe();
    expect((await t.app.inject({ method: 'DELETE', url: path })).statusCode).toBe(204);
    const before = (await received()).length;
    expect(await deliverPush(deps(), sub, 'too late', { ttlSeconds: 60 })).toBe('gone');
    expect((await pushWith(path, token())).statusCode).toBe(410);
    expect(await deliverPush(deps(), { ...sub, endpoint: `${t.config.appUrl}/dev/push/s/${'B'.repeat(22)}` }, 'nobody', { ttlSeconds: 60 })).toBe('gone');
    expect((await received()).length).toBe(before);
  });

  it('fails as told, for as many pushes as told, with PushFailed carrying the status (503, then 429)', async () => {
    const { sub, path } = await subscribe();
    const failNext = (status: number, times: number) => t.app.inject({ method: 'POST', url: `${path}/fail`, payload: { status, times } });
    expect((await failNext(503, 2)).statusCode).toBe(204);
    for (let i = 0; i < 2; i++)
      await expect(deliverPush(deps(), sub, 'retry me', { ttlSeconds: 60 })).rejects.toEqual(new PushFailed('The push service answered 503; worth another try.', 503));
    expect(await deliverPush(deps(), sub, 'retry me', { ttlSeconds: 60 })).toBe('sent');

    await failNext(429, 1);
    await expect(deliverPush(deps(), sub, 'slow down', { ttlSeconds: 60 })).rejects.toMatchObject({ name: 'PushFailed', status: 429 });
    expect(await deliverPush(deps(), sub, 'slow down', { ttlSeconds: 60 })).toBe('sent');

    expect((await failNext(200, 1)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/dev/push/s/${'C'.repeat(22)}/fail`, payload: { status: 503, times: 1 } })).statusCode).toBe(404);
  });

  it('rejects, 413, a body over 4096 bytes: 3993 characters encrypt to 4096 bytes, 3994 to one too many', async () => {
    const { sub, path } = await subscribe();
    expect(await deliverPush(deps(), sub, 'x'.repeat(3993), { ttlSeconds: 60 })).toBe('sent');
    expect((await received())[0].size).toBe(4096);
    await expect(deliverPush(deps(), sub, 'x'.repeat(3994), { ttlSeconds: 60 })).rejects.toMatchObject({ name: 'PushRejected', status: 413 });
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: token(), ttl: '60', 'content-type': 'application/octet-stream', 'content-encoding': 'aes128gcm' },
      payload: Buffer.alloc(4097),
    });
    expect([res.statusCode, res.json().error.message]).toEqual([413, 'A push message is at most 4096 bytes.']);
  });
});

describe('the local push service’s VAPID checks', () => {
  it('answers 403 to a key other than the subscription’s, which the sender takes as gone (the keys changed)', async () => {
    const { sub, path } = await subscribe();
    const rotated = { ...t.config.push!, vapid: { ...t.config.push!.vapid, ...generateVapidKeys() } };
    expect(await deliverPush(deps({ push: rotated }), sub, 'new keys', { ttlSeconds: 60 })).toBe('gone');
    const res = await pushWith(path, token(rotated.vapid));
    expect([res.statusCode, res.json().error.message]).toEqual([403, 'The token is signed with a key other than the one this subscription was made with.']);
  });

  it('answers 401 to a token not signed by the key it names', async () => {
    const { path } = await subscribe();
    const other = generateVapidKeys();
    const forged = token(other).replace(/k=.*$/, `k=${appKeys().publicKey}`);
    const res = await pushWith(path, forged);
    expect([res.statusCode, res.json().error.message]).toEqual([401, 'The token is not signed by the key in the k parameter.']);
  });

  it('answers 401 to an expired token, which the sender throws as PushRejected: a sender whose clock is 13 hours behind', async () => {
    const { sub, path } = await subscribe();
    const behind = manualClock(clock.now());
    clock.advance(13 * HOUR_MS);
    await expect(deliverPush(deps({ clock: behind }), sub, 'stale', { ttlSeconds: 60 })).rejects.toEqual(
      new PushRejected('The push service refused the request with 401: {"error":{"code":"UNAUTHORIZED","message":"The token has expired."}}', 401),
    );
    const res = await pushWith(path, token({ expSeconds: nowSeconds() - 1 }));
    expect([res.statusCode, res.json().error.message]).toEqual([401, 'The token has expired.']);
  });

  it('answers 401 to a token that lives more than 24 hours', async () => {
    const { sub, path } = await subscribe();
    const ahead = manualClock(new Date(clock.now().getTime() + 13 * HOUR_MS));
    await expect(deliverPush(deps({ clock: ahead }), sub, 'early', { ttlSeconds: 60 })).rejects.toMatchObject({ name: 'PushRejected', status: 401 });
    expect((await pushWith(path, token({ expSeconds: nowSeconds() + 24 * 3600 }))).statusCode).toBe(201);
    const res = await pushWith(path, token({ expSeconds: nowSeconds() + 24 * 3600 + 1 }));
    expect([res.statusCode, res.json().error.message]).toEqual([401, 'The token expires more than 24 hours from now.']);
  });

  it('answers 401 to a token for another audience, or without a mailto:/https: subject, or no token at all', async () => {
    const { path } = await subscribe();
    const wrongAudience = await pushWith(path, token({ audience: 'https://fcm.googleapis.com' }));
    expect([wrongAudience.statusCode, wrongAudience.json().error.message]).toEqual([401, "The token's audience must be this push service's origin, http://localhost:3000."]);
    expect((await pushWith(path, token({ subject: 'hello@twogether.app' }))).statusCode).toBe(401);
    const none = await pushWith(path, '');
    expect([none.statusCode, none.json().error.message]).toEqual([401, 'The push request needs an Authorization header of the form "vapid t=<JWT>, k=<public key>".']);
  });

  it('answers 400 without a TTL or with a body not in aes128gcm', async () => {
    const { path } = await subscribe();
    expect((await pushWith(path, token(), { ttl: '' })).statusCode).toBe(400);
    const res = await pushWith(path, token(), { 'content-encoding': 'aesgcm' });
    expect([res.statusCode, res.json().error.message]).toEqual([400, 'A push message must be encrypted with Content-Encoding: aes128gcm (RFC 8291).']);
  });
});

describe('the local push service’s page and reach', () => {
  it('lists to whom, when and how large, never what', async () => {
    const { endpoint, sub } = await subscribe();
    const text = 'A secret only the device may read';
    await deliverPush(deps(), sub, text, { ttlSeconds: 60 });
    const [message] = await received();
    const page = await t.app.inject({ url: '/dev/push' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`to ${endpoint}`);
    expect(page.body).toContain(`${message.size} bytes encrypted`);
    expect(page.body).toContain(`${message.receivedAt.replace('T', ' ').slice(0, 19)} UTC`);
    expect(page.body).toContain('A real browser cannot subscribe to this service');
    expect(page.body).not.toContain(message.body);
    expect(page.body).not.toContain(message.body.slice(0, 40));
    expect(page.body).not.toContain(text);
  });

  it('answers only this machine', async () => {
    const { path } = await subscribe();
    for (const [method, url] of [
      ['GET', '/dev/push'],
      ['GET', '/api/dev/push'],
      ['POST', '/dev/push/subscriptions'],
      ['POST', path],
      ['DELETE', path],
    ] as const) {
      expect((await t.app.inject({ method, url, remoteAddress: '10.1.2.3' })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/dev/push', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});
