import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PUSH_SERVICE_HOSTS, loadConfig } from './config';
import { generateVapidKeys } from './push/vapid-keys';

const base = { AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/twogether-config-test' };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' };
const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', APP_URL: 'https://twogether.app', AUTH_SECRET: 'y'.repeat(40), ...stripeKeys };

describe('configuration', () => {
  it('defaults to local mode: PGlite, dev outbox, localhost', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', devMailbox: true, requireEmailVerification: false, rateLimit: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteWorker).toBe(true);
    expect(loadConfig({ ...base, PGLITE_WORKER: 'false' }).pgliteWorker).toBe(false);
  });

  it('requires SMTP_URL, APP_URL, AUTH_SECRET and STRIPE_SECRET_KEY in production, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      expect((err as Error).message).toMatch(/SMTP_URL/);
      expect((err as Error).message).toMatch(/APP_URL/);
      expect((err as Error).message).toMatch(/AUTH_SECRET/);
      expect((err as Error).message).toMatch(/STRIPE_SECRET_KEY/);
    }
  });

  it('refuses test helpers in production', () => {
    expect(() => loadConfig({ ...production, ENABLE_TEST_HELPERS: 'true' })).toThrow(/ENABLE_TEST_HELPERS/);
    expect(loadConfig({ ...base, ENABLE_TEST_HELPERS: 'true' }).testHelpers).toBe(true);
  });

  it('has no dev mailbox in production or with SMTP', () => {
    const prod = loadConfig(production);
    expect(prod.devMailbox).toBe(false);
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://localhost:2525' }).devMailbox).toBe(false);
  });

  it('uses the local payment provider without Stripe keys, with keys of its own that survive a restart', () => {
    const { payments } = loadConfig(base);
    expect(payments).toMatchObject({
      provider: 'local',
      publishableKey: null,
      secretKey: expect.stringMatching(/^sk_test_local_/),
      webhookSecret: expect.stringMatching(/^whsec_local_/),
    });
    expect(loadConfig(base).payments).toEqual(payments);
    expect(loadConfig({ ...base, AUTH_SECRET: 'w'.repeat(40) }).payments.webhookSecret).not.toBe(payments.webhookSecret);
  });

  it('uses Stripe with all three keys, in production too', () => {
    expect(loadConfig({ ...base, ...stripeKeys }).payments).toEqual({ provider: 'stripe', secretKey: 'sk_live_abc', webhookSecret: 'whsec_abc', publishableKey: 'pk_live_abc' });
    expect(loadConfig(production).payments.provider).toBe('stripe');
  });

  it('never runs the local payment provider in production', () => {
    const { STRIPE_SECRET_KEY: _s, STRIPE_WEBHOOK_SECRET: _w, STRIPE_PUBLISHABLE_KEY: _p, ...withoutStripe } = production;
    expect(() => loadConfig(withoutStripe)).toThrow(/STRIPE_SECRET_KEY: required when NODE_ENV=production .*local payment provider is for local mode and tests only/);
  });

  it('refuses some of the Stripe keys without the others, naming the missing ones', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY[\s\S]*STRIPE_PUBLISHABLE_KEY: required/);
    expect(() => loadConfig({ ...base, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY: required with STRIPE_PUBLISHABLE_KEY/);
  });

  it.each([
    [{ ...stripeKeys, STRIPE_SECRET_KEY: 'pk_live_swapped' }, /STRIPE_SECRET_KEY/],
    [{ ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'sk_live_abc' }, /STRIPE_WEBHOOK_SECRET/],
    [{ ...stripeKeys, STRIPE_PUBLISHABLE_KEY: 'sk_live_abc' }, /STRIPE_PUBLISHABLE_KEY/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET/],
    [{ REQUIRE_EMAIL_VERIFICATION: 'maybe' }, /REQUIRE_EMAIL_VERIFICATION/],
    [{ CONTACT_EMAIL: 'nobody' }, /CONTACT_EMAIL/],
  ])('refuses %j with a message naming the variable', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(name);
  });

  it('reads booleans and trims the trailing slash of APP_URL', () => {
    const config = loadConfig({ ...base, REQUIRE_EMAIL_VERIFICATION: 'true', RATE_LIMIT: '0', APP_URL: 'https://twogether.app/' });
    expect(config).toMatchObject({ requireEmailVerification: true, rateLimit: false, appUrl: 'https://twogether.app' });
  });

  it('logs readable lines in development and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig(base).logFormat).toBe('pretty');
    expect(loadConfig({ ...production }).logFormat).toBe('json');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });

  it('has no metrics token unless METRICS_TOKEN is set, and refuses a short one or one that cannot be a header', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'with a space in it, long enough' })).toThrow(/METRICS_TOKEN: must be printable ASCII/);
  });

  describe('Web Push', () => {
    const dirs: string[] = [];
    const freshDir = () => {
      dirs.push(mkdtempSync(path.join(tmpdir(), 'twogether-vapid-')));
      return dirs.at(-1)!;
    };
    afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
    const keys = generateVapidKeys();
    const vapidEnv = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };

    it('generates a key pair once into the data folder in local mode, readable by this user only', () => {
      const dataDir = freshDir();
      const { push } = loadConfig({ ...base, DATA_DIR: dataDir });
      const file = path.join(dataDir, 'vapid-keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: push!.vapid.publicKey, privateKey: push!.vapid.privateKey });
      expect(push).toEqual({
        vapid: { publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), subject: 'mailto:hello@twogether.app' },
        allowedHosts: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'],
        localService: true,
      });
      // A restart keeps the pair: every browser's subscription is bound to the public key.
      expect(loadConfig({ ...base, DATA_DIR: dataDir }).push).toEqual(push);
    });

    it('takes the keys from the environment when both are set, in local mode too, and writes nothing', () => {
      const dataDir = freshDir();
      expect(loadConfig({ ...base, DATA_DIR: dataDir, ...vapidEnv }).push?.vapid).toEqual({ ...keys, subject: 'mailto:hello@twogether.app' });
      expect(() => statSync(path.join(dataDir, 'vapid-keys.json'))).toThrow(/ENOENT/);
      expect(loadConfig({ ...production, ...vapidEnv }).push).toEqual({
        vapid: { ...keys, subject: 'mailto:hello@twogether.app' },
        allowedHosts: DEFAULT_PUSH_SERVICE_HOSTS,
        localService: false,
      });
    });

    it('turns push off in production without keys, and never runs the local push service there', () => {
      expect(loadConfig(production).push).toBeNull();
      expect(loadConfig({ ...production, ...vapidEnv }).push?.localService).toBe(false);
    });

    it('refuses one key without the other, naming the missing one', () => {
      expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY: required with VAPID_PUBLIC_KEY \(a key pair: set both or neither\)/);
      expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY: required with VAPID_PRIVATE_KEY/);
    });

    it('refuses keys of the wrong shape, and a private key that is not the public key’s', () => {
      const compressed = Buffer.concat([Buffer.from([2]), Buffer.from(keys.publicKey, 'base64url').subarray(1, 33)]).toString('base64url');
      expect(() => loadConfig({ ...base, ...vapidEnv, VAPID_PUBLIC_KEY: compressed })).toThrow(/VAPID_PUBLIC_KEY: must be a P-256 public key in base64url, 65 bytes uncompressed/);
      expect(() => loadConfig({ ...base, ...vapidEnv, VAPID_PUBLIC_KEY: `${keys.publicKey}=` })).toThrow(/VAPID_PUBLIC_KEY/);
      expect(() => loadConfig({ ...base, ...vapidEnv, VAPID_PRIVATE_KEY: keys.privateKey.slice(0, 40) })).toThrow(
        /VAPID_PRIVATE_KEY: must be a P-256 private key in base64url, 32 bytes/,
      );
      expect(() => loadConfig({ ...base, ...vapidEnv, VAPID_PRIVATE_KEY: generateVapidKeys().privateKey })).toThrow(
        /VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY/,
      );
    });

    it('refuses a damaged key file, naming it', () => {
      const dataDir = freshDir();
      writeFileSync(path.join(dataDir, 'vapid-keys.json'), '{"publicKey":"x"}');
      expect(() => loadConfig({ ...base, DATA_DIR: dataDir })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, DATA_DIR: dataDir })).toThrow(/vapid-keys\.json does not hold a VAPID key pair/);
    });

    it.each([
      ['mailto:ops@twogether.app', true],
      ['https://twogether.app/contact', true],
      ['http://twogether.app/contact', false],
      ['ops@twogether.app', false],
      ['mailto:', false],
      ['https://', false],
    ])('takes VAPID_SUBJECT %s: %s', (subject, ok) => {
      const load = () => loadConfig({ ...base, ...vapidEnv, VAPID_SUBJECT: subject });
      if (ok) expect(load().push?.vapid.subject).toBe(subject);
      else expect(load).toThrow(/VAPID_SUBJECT: must be a mailto: address or an https: URL \(Apple refuses anything else\)/);
    });

    it('defaults the subject to the contact address', () => {
      expect(loadConfig({ ...base, ...vapidEnv, CONTACT_EMAIL: 'care@example.com' }).push?.vapid.subject).toBe('mailto:care@example.com');
    });

    it('reads PUSH_SERVICE_HOSTS as a lower-case list, and refuses what is not a host', () => {
      expect(loadConfig({ ...base, ...vapidEnv, PUSH_SERVICE_HOSTS: ' FCM.googleapis.com, *.Push.Example.org ,' }).push?.allowedHosts).toEqual([
        'fcm.googleapis.com',
        '*.push.example.org',
      ]);
      for (const hosts of ['https://fcm.googleapis.com', '*.', 'fcm.googleapis.com/fcm', 'a b', ',', 'push.*.example.org', 'fcm.googleapis.com:443']) {
        expect(() => loadConfig({ ...base, ...vapidEnv, PUSH_SERVICE_HOSTS: hosts }), hosts).toThrow(/PUSH_SERVICE_HOSTS/);
      }
    });
  });
});
