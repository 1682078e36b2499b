import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
