import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerDaily, getDaily } from '@core/contracts/daily';
import { getDevPush } from '@core/contracts/dev';
import { addDevice, listDevices, removeDevice } from '@core/contracts/devices';
import { sendNudge, updateNotificationSettings } from '@core/contracts/notifications';
import { unlinkPartner } from '@core/contracts/partner-links';
import type { PushPayload } from '@core/notifications';
import { type ApiClient, type TestUser, createCouple } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp } from '../../../test/app';
import { jobsSettled, pendingJobs } from '../../../test/jobs';
import { testDevice } from '../../../test/push';
import { manualClock } from '../../clock';
import { queryRows } from '../../db/client';
import { nudgeMailJob, reminderJob } from './mail-jobs';
import { type PushJobData, deliverToDevice, pushJob } from './push-jobs';
import { sendDueReminders } from './reminders';
import { mailsTo, sessionAheadBy, verifyAddress } from './test-support';

/**
 * Web Push per device (docs/product/notifications.md#on-your-devices, decision 054): a device is subscribed to the
 * app's local push service as a browser would be to its vendor's, and what arrives there is decrypted with the key
 * only this test holds.
 */
const clock = manualClock('2026-11-02T12:00:00Z');
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  api = clientFor(t.app);
});
afterAll(() => t.close());

interface TestDevice {
  id: string;
  endpoint: string;
  /** What the local push service received for this device, oldest first, decrypted with its key. */
  messages(): Promise<PushPayload[]>;
}

/** A browser of `user`'s: an endpoint from the local push service, its keys made here, and the device added. */
async function deviceOf(user: TestUser, userAgent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'): Promise<TestDevice> {
  const { endpoint } = (await t.app.inject({ method: 'POST', url: '/dev/push/subscriptions', payload: {} })).json<{ endpoint: string }>();
  const keys = testDevice();
  const res = await t.app.inject({
    method: 'POST',
    url: addDevice.path,
    payload: { endpoint, keys: keys.keys },
    headers: { origin: t.config.appUrl, cookie: user.cookie, 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json<{ device: { id: string } }>().device;
  const messages = async () => {
    const { messages: all } = (await t.app.inject({ url: getDevPush.path })).json<{ messages: { endpoint: string; body: string }[] }>();
    return all
      .filter((m) => m.endpoint === endpoint)
      .reverse()
      .map((m) => JSON.parse(keys.decrypt(Buffer.from(m.body, 'base64url'))) as PushPayload);
  };
  return { id, endpoint, messages };
}

/** What a device got once every push job has ended. */
const pushed = async (d: TestDevice) => {
  await jobsSettled(t.database, pushJob.name);
  return d.messages();
};
/** The push jobs waiting to start (held by quiet hours), with their data and how long until they may. */
const heldPushes = () =>
  queryRows<{ wait: number; data: PushJobData }>(
    t.database.db,
    `select extract(epoch from start_after - now())::int as wait, data from pgboss.job where name = $1 and state = 'created' order by created_on`,
    [pushJob.name],
  );
const dropHeldPushes = () => queryRows(t.database.db, `delete from pgboss.job where name = $1 and state = 'created'`, [pushJob.name]);
const nudge = (from: TestUser, sessionId: string) => api.call(sendNudge, { body: { kind: 'session', sessionId } }, { as: from });
const nudgeMails = (to: TestUser) => mailsTo(t, to.email).filter((m) => m.subject.includes('nudged you'));

describe('a device with notifications on', () => {
  it('gets a nudge by push, encrypted for it: who, what and where, never by mail too unless chosen', async () => {
    clock.set('2026-11-02T12:00:00Z');
    const [a, b] = await createCouple(api);
    await verifyAddress(t, api, b);
    const phone = await deviceOf(b);
    const id = await sessionAheadBy(api, a, b);
    await nudge(a, id);
    const [message] = await pushed(phone);
    expect(message).toEqual({
      title: `${a.username} nudged you`,
      body: "It's your turn in Would You Rather.",
      url: `/games/would_you_rather/session/${id}`,
      tag: `nudge:session:${id}`,
      badge: 2, // what waits for b's turn: today's question and this session
    });
    await jobsSettled(t.database, nudgeMailJob.name);
    expect(nudgeMails(b)).toEqual([]);

    // "E-mail as well": both, the next day.
    await api.call(updateNotificationSettings, { body: { mailWithPush: true } }, { as: b });
    clock.set('2026-11-03T12:00:00Z');
    await nudge(a, id);
    expect(await pushed(phone)).toHaveLength(2);
    await jobsSettled(t.database, nudgeMailJob.name);
    expect(nudgeMails(b)).toHaveLength(1);
  });

  it('gets nothing while its person has the app open: a live nudge only', async () => {
    clock.set('2026-11-02T12:00:00Z');
    const [a, b] = await createCouple(api);
    const phone = await deviceOf(b);
    const id = await sessionAheadBy(api, a, b);
    const online = t.app.realtime.isOnline;
    t.app.realtime.isOnline = async (userId) => userId === b.id || online(userId);
    try {
      await nudge(a, id);
    } finally {
      t.app.realtime.isOnline = online;
    }
    expect(await pendingJobs(t.database, pushJob.name)).toBe(0);
    expect(await pushed(phone)).toEqual([]);
  });

  it('waits for the end of quiet hours, as mail does', async () => {
    clock.set('2026-11-02T23:00:00Z'); // 23:00 UTC: quiet hours (22 to 8) by default
    const [a, b] = await createCouple(api);
    const phone = await deviceOf(b);
    const id = await sessionAheadBy(api, a, b);
    await nudge(a, id);
    // Held until 08:00 in b's zone, nine hours on (pg-boss counts the delay on the database's clock).
    const held = await heldPushes();
    expect(held.map((j) => j.data.subscriptionId)).toEqual([phone.id]);
    expect(held[0].wait).toBeGreaterThan(9 * 3600 - 120);
    expect(await phone.messages()).toEqual([]);
    await dropHeldPushes();
  });

  it('is forgotten when the push service says it is gone, and retried when the service fails', async () => {
    clock.set('2026-11-02T12:00:00Z');
    const [a, b] = await createCouple(api);
    const phone = await deviceOf(b);
    const path = new URL(phone.endpoint).pathname;
    // Once 503, then delivered: the job is retried with backoff, as mail is.
    await t.app.inject({ method: 'POST', url: `${path}/fail`, payload: { status: 503, times: 1 } });
    const id = await sessionAheadBy(api, a, b);
    await nudge(a, id);
    await vi.waitFor(async () => {
      const jobs = await queryRows<{ state: string }>(t.database.db, `select state from pgboss.job where name = $1 and data->>'subscriptionId' = $2`, [pushJob.name, phone.id]);
      expect(jobs).toEqual([{ state: 'retry' }]);
    });
    expect(await phone.messages()).toEqual([]);
    // Its backoff's 30 seconds, passed: the queue's time is the database's, so the retry is moved to now.
    await queryRows(t.database.db, `update pgboss.job set start_after = now() where name = $1 and state = 'retry'`, [pushJob.name]);
    expect((await pushed(phone)).map((m) => m.title)).toEqual([`${a.username} nudged you`]);

    // The browser unsubscribed: the next push hears 410 and the device is deleted.
    await t.app.inject({ method: 'DELETE', url: path });
    clock.set('2026-11-03T12:00:00Z');
    await nudge(a, id);
    await jobsSettled(t.database, pushJob.name);
    expect((await api.call(listDevices, {}, { as: b })).devices).toEqual([]);
  });

  it('is not pushed a nudge that waited for quiet hours while the two unlinked', async () => {
    clock.set('2026-11-02T23:00:00Z');
    const [a, b] = await createCouple(api);
    const phone = await deviceOf(b);
    const id = await sessionAheadBy(api, a, b);
    await nudge(a, id);
    const [held] = await heldPushes();
    await dropHeldPushes();
    const deps = { db: t.database.db, clock, push: { push: t.config.push!, appUrl: t.config.appUrl, fetch: t.pushFetch } };
    await api.call(unlinkPartner, {}, { as: a });
    clock.set('2026-11-03T08:00:00Z');
    await deliverToDevice(deps, held.data);
    expect(await phone.messages()).toEqual([]);
  });
});

describe('reminders by push', () => {
  it('sends the "your turn" reminder once a day to each device, and mail only to those with no device', async () => {
    clock.set('2026-11-02T12:00:00Z');
    const [a, b] = await createCouple(api);
    await verifyAddress(t, api, b);
    await api.call(updateNotificationSettings, { body: { yourTurnReminder: true } }, { as: b });
    const phone = await deviceOf(b);
    const laptop = await deviceOf(b, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0');
    await sessionAheadBy(api, b, a); // b ahead here: this one waits for a, not for b
    await sessionAheadBy(api, a, b);
    await sendDueReminders({ db: t.database.db, clock }, t.app.jobs);
    await sendDueReminders({ db: t.database.db, clock }, t.app.jobs);
    await jobsSettled(t.database, reminderJob.name);
    const [onPhone, onLaptop] = [await pushed(phone), await pushed(laptop)];
    expect(onPhone.map((m) => [m.title, m.tag])).toEqual([[`Your turn: ${a.username} answered 1 question in Would You Rather`, 'your-turn']]);
    expect(onLaptop.map((m) => m.title)).toEqual(onPhone.map((m) => m.title));
    expect(mailsTo(t, b.email).filter((m) => m.subject.toLowerCase().includes('your turn'))).toEqual([]);
  });

  it('sends the daily question’s reminder in the chosen hour, with the partner’s answer said but never its text', async () => {
    clock.set('2026-11-02T07:05:00Z'); // 08:05 in Paris: past quiet hours, in the hour chosen
    const [a, b] = await createCouple(api);
    await api.send('PATCH', '/api/me', { as: b, body: { timeZone: 'Europe/Paris' }, expect: 200 });
    await api.call(updateNotificationSettings, { body: { dailyReminder: true, dailyReminderHour: 8 } }, { as: b });
    const phone = await deviceOf(b);
    const { today } = await api.call(getDaily, {}, { as: a });
    await api.call(answerDaily, { params: { day: today }, body: { answer: 'A secret only b may read in the app' } }, { as: a });
    await sendDueReminders({ db: t.database.db, clock }, t.app.jobs);
    await jobsSettled(t.database, reminderJob.name);
    const [message] = await pushed(phone);
    expect(message).toMatchObject({ title: "Today's question is waiting", url: '/daily', tag: `daily:${today}` });
    expect(message.body).toBe(`${a.username} answered already: see what they said once you have.`);
    expect(JSON.stringify(message)).not.toContain('secret');
  });

  it('reaches someone with a device and no confirmed address', async () => {
    clock.set('2026-11-02T12:00:00Z');
    const [a, b] = await createCouple(api);
    await api.call(updateNotificationSettings, { body: { yourTurnReminder: true } }, { as: b });
    const phone = await deviceOf(b);
    await sessionAheadBy(api, a, b);
    expect(await sendDueReminders({ db: t.database.db, clock }, t.app.jobs)).toBeGreaterThanOrEqual(1);
    await jobsSettled(t.database, reminderJob.name);
    expect((await pushed(phone)).map((m) => m.tag)).toEqual(['your-turn']);
  });
});

describe('the devices of a person', () => {
  it('are listed and removed by their owner only: a stranger, a partner and a visitor are refused', async () => {
    const [a, b] = await createCouple(api);
    const [stranger] = await createCouple(api);
    const phone = await deviceOf(b);
    const listed = (await api.call(listDevices, {}, { as: b })).devices;
    expect(listed.map((d) => [d.id, d.device])).toEqual([[phone.id, 'Chrome on Android']]);
    expect((await api.call(listDevices, {}, { as: a })).devices).toEqual([]);
    expect((await api.call(listDevices, {}, { as: stranger })).devices).toEqual([]);
    for (const other of [a, stranger]) await api.reply(removeDevice, { params: { id: phone.id } }, { as: other, expect: 404 });
    await api.send('DELETE', `/api/me/devices/${phone.id}`, { expect: 401 });
    await api.reply(removeDevice, { params: { id: 'not-a-uuid' } }, { as: b, expect: 404 });
    await api.call(removeDevice, { params: { id: phone.id } }, { as: b });
    expect((await api.call(listDevices, {}, { as: b })).devices).toEqual([]);
  });

  it('refuses an endpoint that is not a browser’s push service, keys that are not keys, and an eleventh device', async () => {
    const [a] = await createCouple(api);
    const keys = testDevice().keys;
    const refusals = [
      { endpoint: 'http://fcm.googleapis.com/fcm/send/abc', keys },
      { endpoint: 'https://evil.example.com/push', keys },
      { endpoint: 'https://169.254.169.254/latest', keys },
      { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/abc', keys },
    ];
    for (const body of refusals) {
      const reply = await api.reply(addDevice, { body }, { as: a, expect: 400 });
      expect(reply.json).toEqual({ error: { code: 'PUSH_ENDPOINT_REFUSED', message: "Notifications can only go through a browser's own push service, over https." } });
    }
    const big = await api.reply(addDevice, { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...keys, p256dh: 'A'.repeat(5000) } } }, { as: a, expect: 400 });
    expect((big.json as { error: { message: string } }).error.message).toBe("This browser's notification keys are not valid.");
    for (let i = 0; i < 10; i++) await api.call(addDevice, { body: { endpoint: `https://fcm.googleapis.com/fcm/send/device-${i}`, keys } }, { as: a });
    const eleventh = await api.reply(addDevice, { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/device-10', keys } }, { as: a, expect: 400 });
    expect(eleventh.json).toEqual({ error: { code: 'TOO_MANY_DEVICES', message: 'Notifications are on for 10 devices already. Remove one to add this one.' } });
    // The same endpoint again is the same device, not an eleventh.
    await api.call(addDevice, { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/device-3', keys } }, { as: a });
    expect((await api.call(listDevices, {}, { as: a })).devices).toHaveLength(10);
  });

  it('go with the account when it is deleted', async () => {
    const [, b] = await createCouple(api);
    await deviceOf(b);
    await api.send('DELETE', '/api/account', { as: b, body: { confirm: true }, expect: 200 });
    const [row] = await queryRows<{ n: number }>(t.database.db, 'select count(*)::int as n from push_subscriptions where user_id = $1', [b.id]);
    expect(row.n).toBe(0);
  });
});
