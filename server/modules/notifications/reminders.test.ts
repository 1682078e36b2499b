import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDaily, getDaily } from '@core/contracts/daily';
import { getNotificationSettings, updateNotificationSettings } from '@core/contracts/notifications';
import type { NotificationSettings } from '@core/notifications';
import { type ApiClient, type TestUser, createCouple } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp } from '../../../test/app';
import { jobsSettled } from '../../../test/jobs';
import { DAY_MS, manualClock } from '../../clock';
import { reminderJob } from './mail-jobs';
import { sendDueReminders } from './reminders';
import { mailsTo, sessionAheadBy, verifyAddress } from './test-support';

/** Reminder mail people opted into (docs/product/notifications.md#reminders), ticked by hand on the test clock. */
const clock = manualClock('2026-11-02T12:00:00Z');
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  api = clientFor(t.app);
});
afterAll(() => t.close());

/** One tick of the reminders, as the queue's schedule runs it, and every reminder job it sent run to its end. */
async function tick(): Promise<number> {
  const sent = await sendDueReminders({ db: t.database.db, clock }, t.app.jobs);
  await jobsSettled(t.database, reminderJob.name);
  return sent;
}
const reminders = (u: TestUser) => mailsTo(t, u.email).filter((m) => !m.subject.startsWith('Confirm'));
const settings = (u: TestUser, body: Partial<NotificationSettings>) => api.call(updateNotificationSettings, { body }, { as: u });

describe('notification settings', () => {
  it('are everything off but nudges until chosen, change one at a time, and refuse an hour that is not one', async () => {
    const [a] = await createCouple(api);
    expect((await api.call(getNotificationSettings, {}, { as: a })).settings).toEqual({
      dailyReminder: false,
      dailyReminderHour: 19,
      yourTurnReminder: false,
      nudgeEmails: true,
      mailWithPush: false,
      quietHours: true,
      quietStart: 22,
      quietEnd: 8,
    });
    expect((await settings(a, { dailyReminder: true, dailyReminderHour: 7 })).settings).toMatchObject({ dailyReminder: true, dailyReminderHour: 7, nudgeEmails: true });
    expect((await settings(a, { nudgeEmails: false })).settings).toMatchObject({ dailyReminder: true, dailyReminderHour: 7, nudgeEmails: false });
    const bad = await api.reply(updateNotificationSettings, { body: { dailyReminderHour: 24 } }, { as: a, expect: 400 });
    expect(bad.json).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Please choose an hour from the list' } });
    expect((await t.app.inject({ url: '/api/me/notifications' })).statusCode).toBe(401);
  });
});

describe('the daily question reminder', () => {
  it('goes at the chosen hour in the person’s zone while today’s question waits for them, once, to a verified address only', async () => {
    clock.set('2026-11-02T16:05:00Z'); // 17:05 in Paris
    const [a, b] = await createCouple(api);
    await api.send('PATCH', '/api/me', { as: a, body: { timeZone: 'Europe/Paris' }, expect: 200 });
    await settings(a, { dailyReminder: true, dailyReminderHour: 17 });
    await settings(b, { dailyReminder: true, dailyReminderHour: 17 });
    await tick();
    expect(reminders(a)).toEqual([]); // not verified yet
    await verifyAddress(t, api, a);
    await tick();
    await tick(); // a second tick, or a second process, sends nothing more
    expect(reminders(a).map((m) => m.subject)).toEqual(["Today's question is waiting for you"]);
    expect(reminders(a)[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(reminders(a)[0].text).toContain(`${t.config.appUrl}/daily`);
    expect(reminders(b)).toEqual([]); // 16:05 in UTC, and unverified

    clock.advance(DAY_MS);
    const { today } = await api.call(getDaily, {}, { as: a });
    await api.call(answerDaily, { params: { day: today }, body: { answer: 'Already done' } }, { as: a });
    await tick();
    expect(reminders(a)).toHaveLength(1); // answered: nothing waits
  });
});

describe('the “your turn” reminder', () => {
  it('goes at most once a day, only while the partner waits, never in quiet hours', async () => {
    clock.set('2026-11-10T23:00:00Z'); // quiet hours in UTC (22 to 8)
    const [a, b] = await createCouple(api);
    await verifyAddress(t, api, a);
    await settings(a, { yourTurnReminder: true });
    await tick();
    expect(reminders(a)).toEqual([]); // nothing waits: today's question alone is the daily reminder's
    const id = await sessionAheadBy(api, b, a);
    await tick();
    expect(reminders(a)).toEqual([]); // quiet hours

    clock.set('2026-11-11T08:00:00Z');
    await tick();
    await tick();
    expect(reminders(a).map((m) => m.subject)).toEqual([`${b.username} is waiting for your answers`]);
    expect(reminders(a)[0].text).toContain('1 question in Would You Rather');

    clock.set('2026-11-12T09:00:00Z');
    const { current } = await api.snapshot(id, a);
    await api.answer(id, 'a', { as: a, itemId: current!.id });
    await tick();
    expect(reminders(a)).toHaveLength(1); // caught up: nothing waits

    await settings(a, { quietHours: false });
    clock.set('2026-11-13T03:00:00Z');
    await sessionAheadBy(api, b, a);
    await tick();
    expect(reminders(a)).toHaveLength(2); // quiet hours off: any hour
  });
});
