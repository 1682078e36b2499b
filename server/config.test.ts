import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/twogether-config-test' };

describe('configuration', () => {
  it('defaults to local mode: PGlite, dev outbox, localhost', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', devMailbox: true, requireEmailVerification: false, rateLimit: true });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('requires SMTP_URL, APP_URL and AUTH_SECRET in production, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      expect((err as Error).message).toMatch(/SMTP_URL/);
      expect((err as Error).message).toMatch(/APP_URL/);
      expect((err as Error).message).toMatch(/AUTH_SECRET/);
    }
  });

  it('refuses test helpers in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m.example.com', APP_URL: 'https://twogether.app', AUTH_SECRET: 'z'.repeat(40), ENABLE_TEST_HELPERS: 'true' }),
    ).toThrow(/ENABLE_TEST_HELPERS/);
    expect(loadConfig({ ...base, ENABLE_TEST_HELPERS: 'true' }).testHelpers).toBe(true);
  });

  it('has no dev mailbox in production or with SMTP', () => {
    const prod = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', APP_URL: 'https://twogether.app', AUTH_SECRET: 'y'.repeat(40) });
    expect(prod.devMailbox).toBe(false);
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://localhost:2525' }).devMailbox).toBe(false);
  });

  it.each([
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
});
