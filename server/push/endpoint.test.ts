import { describe, expect, it, vi } from 'vitest';
import type { PushConfig } from '../config';
import { type Lookup, endpointRefusal, endpointRefusalAtSend } from './endpoint';
import { generateVapidKeys } from './vapid-keys';

const APP = 'http://localhost:3000';
const push = (overrides: Partial<PushConfig> = {}): PushConfig => ({
  vapid: { ...generateVapidKeys(), subject: 'mailto:hello@twogether.app' },
  allowedHosts: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'],
  localService: false,
  ...overrides,
});
const production = push();
const local = push({ localService: true });
const FCM = 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH';
const LOCAL = `${APP}/dev/push/s/AAAAAAAAAAAAAAAAAAAAAA`;

/** A resolver that answers each host with the given addresses. */
const resolving =
  (answers: Record<string, [string, number][]>): Lookup =>
  async (host) =>
    (answers[host] ?? []).map(([address, family]) => ({ address, family }));

describe('endpoint policy at subscription', () => {
  it.each([
    [FCM, null],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB', null],
    ['https://web.push.apple.com/QGx1n8', null],
    ['https://FCM.GoogleAPIs.com/fcm/send/x', null], // host compared lower-case
    ['https://fcm.googleapis.com:443/fcm/send/x', null], // the default port, written out
    ['https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB', null], // a subdomain of a *. entry
    ['https://a.b.notify.windows.com/w/', null],
    ['http://fcm.googleapis.com/fcm/send/x', 'NOT_HTTPS'],
    ['https://evil.example.com/fcm/send/x', 'HOST_NOT_ALLOWED'],
    ['https://notify.windows.com/w/', 'HOST_NOT_ALLOWED'], // a *. entry is its subdomains, not the domain itself
    ['https://evilnotify.windows.com/w/', 'HOST_NOT_ALLOWED'],
    ['https://notify.windows.com.evil.example/w/', 'HOST_NOT_ALLOWED'],
    ['https://fcm.googleapis.com.evil.example/x', 'HOST_NOT_ALLOWED'],
    ['https://fcm.googleapis.com:8443/fcm/send/x', 'HOST_NOT_ALLOWED'],
    ['https://127.0.0.1/x', 'HOST_NOT_ALLOWED'],
    ['https://[::1]/x', 'HOST_NOT_ALLOWED'],
    ['https://user:pass@fcm.googleapis.com/fcm/send/x', 'NOT_A_URL'],
    ['https://user@fcm.googleapis.com/fcm/send/x', 'NOT_A_URL'],
    ['https://fcm.googleapis.com/fcm/send/x#fragment', 'NOT_A_URL'],
    ['https://fcm.googleapis.com/fcm/send/x y', 'NOT_A_URL'],
    ['https:\\\\fcm.googleapis.com\\fcm', 'NOT_A_URL'],
    ['fcm.googleapis.com/fcm/send/x', 'NOT_A_URL'],
    ['javascript:alert(1)', 'NOT_A_URL'],
    ['', 'NOT_A_URL'],
    [`${FCM}/${'a'.repeat(2048)}`, 'NOT_A_URL'],
  ])('%s → %s', (endpoint, refusal) => {
    expect(endpointRefusal(production, APP, endpoint)).toBe(refusal);
  });

  it('takes the local push service’s own endpoints only where it runs', () => {
    expect(endpointRefusal(local, APP, LOCAL)).toBeNull();
    expect(endpointRefusal(production, APP, LOCAL)).toBe('NOT_HTTPS');
    // Only the app's origin and the service's path, with an id of its shape.
    expect(endpointRefusal(local, APP, `http://localhost:3001/dev/push/s/AAAAAAAAAAAAAAAAAAAAAA`)).toBe('NOT_HTTPS');
    expect(endpointRefusal(local, APP, `${APP}/dev/push/s/short`)).toBe('NOT_HTTPS');
    expect(endpointRefusal(local, APP, `${APP}/api/account/AAAAAAAAAAAAAAAAAAAAAA`)).toBe('NOT_HTTPS');
    expect(endpointRefusal(local, APP, `${LOCAL}/fail`)).toBe('NOT_HTTPS');
  });

  it('follows the configured allowlist', () => {
    const own = push({ allowedHosts: ['push.example.com', '*.push.example.org'] });
    expect(endpointRefusal(own, APP, 'https://push.example.com/s/1')).toBeNull();
    expect(endpointRefusal(own, APP, 'https://eu.push.example.org/s/1')).toBeNull();
    expect(endpointRefusal(own, APP, 'https://push.example.org/s/1')).toBe('HOST_NOT_ALLOWED');
    expect(endpointRefusal(own, APP, FCM)).toBe('HOST_NOT_ALLOWED');
  });
});

describe('endpoint policy at send', () => {
  const publicFcm = resolving({
    'fcm.googleapis.com': [
      ['142.250.74.106', 4],
      ['2a00:1450:4001:82b::200a', 6],
    ],
  });

  it('sends to a push service on public addresses', async () => {
    expect(await endpointRefusalAtSend(production, APP, FCM, publicFcm)).toBeNull();
  });

  it.each([
    ['127.0.0.1', 4],
    ['10.1.2.3', 4],
    ['172.20.0.5', 4],
    ['192.168.1.10', 4],
    ['169.254.169.254', 4], // a cloud's metadata service
    ['100.64.0.7', 4], // carrier-grade NAT
    ['0.0.0.0', 4],
    ['::1', 6],
    ['::', 6],
    ['fd12:3456:789a::1', 6], // unique-local
    ['fe80::1', 6], // link-local
    ['::ffff:127.0.0.1', 6], // v4-mapped
    ['::ffff:a01:203', 6], // v4-mapped 10.1.2.3, written in hex
  ])('refuses a host that resolves to %s', async (address, family) => {
    const lookup = resolving({
      'fcm.googleapis.com': [
        ['142.250.74.106', 4],
        [address, family],
      ],
    });
    expect(await endpointRefusalAtSend(production, APP, FCM, lookup)).toBe('PRIVATE_ADDRESS');
  });

  it('applies the allowlist again, as it stands now, without asking DNS', async () => {
    const lookup = vi.fn(publicFcm);
    expect(await endpointRefusalAtSend(push({ allowedHosts: ['web.push.apple.com'] }), APP, FCM, lookup)).toBe('HOST_NOT_ALLOWED');
    expect(await endpointRefusalAtSend(production, APP, 'http://fcm.googleapis.com/x', lookup)).toBe('NOT_HTTPS');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('lets the local push service’s endpoints through where it runs, though they are on this machine', async () => {
    const lookup = vi.fn(resolving({ localhost: [['127.0.0.1', 4]] }));
    expect(await endpointRefusalAtSend(local, APP, LOCAL, lookup)).toBeNull();
    expect(await endpointRefusalAtSend(production, APP, LOCAL, lookup)).toBe('NOT_HTTPS');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('throws when the name does not resolve, for the job to try again', async () => {
    const failing: Lookup = async () => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN fcm.googleapis.com'), { code: 'EAI_AGAIN' });
    };
    await expect(endpointRefusalAtSend(production, APP, FCM, failing)).rejects.toThrow(/EAI_AGAIN/);
  });
});
