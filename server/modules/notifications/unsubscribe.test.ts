import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNotificationSettings, unsubscribe } from '@core/contracts/notifications';
import { type ApiClient, createCouple } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp } from '../../../test/app';
import { DAY_MS, manualClock } from '../../clock';
import { unsubscribeToken } from './unsubscribe-token';

/** One-click unsubscribe (docs/product/notifications.md#unsubscribing): signed, expiring, no login. */
const clock = manualClock('2026-12-01T12:00:00Z');
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  api = clientFor(t.app);
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** RFC 8058's POST, as a mail provider sends it: a form body, no cookie, no Origin. */
const oneClick = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}`, payload: 'List-Unsubscribe=One-Click', headers: FORM });

describe('unsubscribing by token', () => {
  it('turns that kind of mail off with one click, without a login, and says so again if used twice', async () => {
    const [a] = await createCouple(api);
    const token = unsubscribeToken(t.config.authSecret, clock, a.id, 'nudge');
    const res = await oneClick(token);
    expect([res.statusCode, res.json(), res.headers['cache-control']]).toEqual([200, { ok: true, kind: 'nudge' }, 'no-store']);
    expect((await api.call(getNotificationSettings, {}, { as: a })).settings).toMatchObject({ nudgeEmails: false, dailyReminder: false });
    expect((await oneClick(token)).statusCode).toBe(200);
  });

  it('refuses an expired token (410) and a tampered or foreign one (400), in words', async () => {
    const [a, b] = await createCouple(api);
    const token = unsubscribeToken(t.config.authSecret, clock, a.id, 'daily_reminder');
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(`daily_reminder:9999999999:${b.id}`).toString('base64url')}.${signature}`;
    for (const bad of [
      forged,
      `${payload}.${signature.slice(1)}`,
      unsubscribeToken('another-secret-that-is-long-enough-012345', clock, a.id, 'nudge'),
      'nonsense',
      `${payload}.${signature}.x`,
    ]) {
      const res = await oneClick(bad);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'UNSUBSCRIBE_INVALID']);
    }
    clock.advance(61 * DAY_MS);
    const expired = await oneClick(token);
    expect([expired.statusCode, expired.json().error]).toEqual([410, { code: 'UNSUBSCRIBE_EXPIRED', message: expect.stringContaining('expired') }]);
    expect((await oneClick(unsubscribeToken(t.config.authSecret, clock, b.id, 'nudge'))).statusCode).toBe(200);
  });

  it('needs the one-click body, and takes it as JSON too (the contract’s own client)', async () => {
    const [a] = await createCouple(api);
    const token = unsubscribeToken(t.config.authSecret, clock, a.id, 'your_turn');
    const wrong = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, payload: 'List-Unsubscribe=Yes', headers: FORM });
    expect(wrong.statusCode).toBe(400);
    expect(await api.call(unsubscribe, { query: { token }, body: { 'List-Unsubscribe': 'One-Click' } })).toEqual({ ok: true, kind: 'your_turn' });
  });

  it('opens a page with one button (a GET changes nothing), whose form unsubscribes', async () => {
    const [a] = await createCouple(api);
    const token = unsubscribeToken(t.config.authSecret, clock, a.id, 'nudge');
    const page = await t.app.inject({ url: `/unsubscribe?token=${encodeURIComponent(token)}` });
    expect([page.statusCode, page.headers['content-type'], page.headers['referrer-policy']]).toEqual([200, 'text/html; charset=utf-8', 'same-origin']);
    expect(page.body).toContain('Unsubscribe from nudges by e-mail?');
    expect((await api.call(getNotificationSettings, {}, { as: a })).settings.nudgeEmails).toBe(true);
    const action = /action="([^"]+)"/.exec(page.body)![1].replace(/&amp;/g, '&');
    const done = await t.app.inject({ method: 'POST', url: action, payload: 'List-Unsubscribe=One-Click', headers: { ...FORM, origin: t.config.appUrl } });
    expect([done.statusCode, done.body]).toEqual([200, expect.stringContaining('You are unsubscribed')]);
    expect((await api.call(getNotificationSettings, {}, { as: a })).settings.nudgeEmails).toBe(false);
    const refused = await t.app.inject({ url: '/unsubscribe?token=nonsense' });
    expect([refused.statusCode, refused.body]).toEqual([400, expect.stringContaining('This unsubscribe link is not valid')]);
  });
});
