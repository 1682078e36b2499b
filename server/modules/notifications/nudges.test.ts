import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDaily, getDaily } from '@core/contracts/daily';
import { sendNudge, updateNotificationSettings } from '@core/contracts/notifications';
import { unlinkPartner } from '@core/contracts/partner-links';
import { createSession } from '@core/contracts/sessions';
import { type ApiClient, type TestUser, createCouple } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp, createUser } from '../../../test/app';
import { jobsSettled } from '../../../test/jobs';
import { queryRows } from '../../db/client';
import { DAY_MS, manualClock } from '../../clock';
import { nudgeMailJob } from './mail-jobs';
import { mailsTo, sessionAheadBy, verifyAddress } from './test-support';

/** Nudges (docs/product/notifications.md#nudges): only when you are ahead, once a day per thing, by mail to one who chose it. */
const clock = manualClock('2026-10-05T12:00:00Z');
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  api = clientFor(t.app);
});
afterAll(() => t.close());

const nudge = (u: TestUser, body: { kind: 'session'; sessionId: string } | { kind: 'daily'; day: string }, expect = 200) => api.reply(sendNudge, { body }, { as: u, expect });
const codeOf = (reply: { json: unknown }) => (reply.json as { error: { code: string } }).error.code;
const mailsSettled = () => jobsSettled(t.database, nudgeMailJob.name);
const nudgeMails = (to: TestUser) => mailsTo(t, to.email).filter((m) => m.subject.includes('nudged you'));

async function verifiedCouple() {
  const [a, b] = await createCouple(api);
  await verifyAddress(t, api, b);
  return [a, b] as const;
}

describe('a nudge about a session', () => {
  it('is sent once a day: the second is refused politely, the next day it is allowed again, and each one mails the partner', async () => {
    clock.set('2026-10-05T12:00:00Z');
    const [a, b] = await verifiedCouple();
    const id = await sessionAheadBy(api, a, b);
    expect((await nudge(a, { kind: 'session', sessionId: id })).json).toEqual({ to: { id: b.id, username: b.username } });
    const again = await nudge(a, { kind: 'session', sessionId: id }, 409);
    expect(again.json).toEqual({ error: { code: 'NUDGED_TODAY', message: `You nudged ${b.username} today already` } });
    await mailsSettled();
    const [mail] = nudgeMails(b);
    expect(mail.subject).toBe(`${a.username} nudged you on Twogether`);
    expect(mail.text).toContain(`${t.config.appUrl}/games/would_you_rather/session/${id}`);
    expect(mail.text).toContain(`${t.config.appUrl}/unsubscribe?token=`);
    expect(mail.html).toContain('Unsubscribe from nudges by e-mail');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[^>]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    clock.advance(DAY_MS);
    await nudge(a, { kind: 'session', sessionId: id });
    await mailsSettled();
    expect(nudgeMails(b)).toHaveLength(2);
  });

  it('counts the day in the nudger’s own time zone', async () => {
    clock.set('2026-10-05T23:30:00Z'); // 16:30 on the 5th in Los Angeles
    const [a, b] = await createCouple(api);
    await api.call(updateNotificationSettings, { body: { nudgeEmails: false } }, { as: b });
    await api.send('PATCH', '/api/me', { as: a, body: { timeZone: 'America/Los_Angeles' }, expect: 200 });
    const id = await sessionAheadBy(api, a, b);
    await nudge(a, { kind: 'session', sessionId: id });
    clock.set('2026-10-06T01:00:00Z'); // the 6th in UTC, still 18:00 on the 5th in Los Angeles
    await nudge(a, { kind: 'session', sessionId: id }, 409);
    clock.set('2026-10-06T07:30:00Z'); // 00:30 on the 6th in Los Angeles
    await nudge(a, { kind: 'session', sessionId: id });
  });

  it('needs you ahead: not before you answered, not when the partner caught up, not for the partner who is behind', async () => {
    const [a, b] = await verifiedCouple();
    const levelId = await api.openLevelId(a);
    const fresh = (await api.call(createSession, { body: { levelId, pace: 'own' } }, { as: a })).session.id;
    const nothing = await nudge(a, { kind: 'session', sessionId: fresh }, 409);
    expect(nothing.json).toEqual({ error: { code: 'NOTHING_TO_NUDGE', message: `${b.username} has nothing of yours to catch up on here` } });
    const id = await sessionAheadBy(api, a, b);
    await nudge(b, { kind: 'session', sessionId: id }, 409);
    const { current } = await api.snapshot(id, b);
    await api.answer(id, 'b', { as: b, itemId: current!.id });
    await nudge(a, { kind: 'session', sessionId: id }, 409);
  });

  it('is refused to a visitor (401), a stranger (403), a former partner (409), and for an unknown session (404)', async () => {
    const [a, b] = await verifiedCouple();
    const id = await sessionAheadBy(api, a, b);
    const [stranger, other] = await createCouple(api);
    expect((await t.app.inject({ method: 'POST', url: '/api/nudges', payload: { kind: 'session', sessionId: id }, headers: { origin: t.config.appUrl } })).statusCode).toBe(401);
    expect(codeOf(await nudge(stranger, { kind: 'session', sessionId: id }, 403))).toBe('ACCESS_DENIED');
    expect(codeOf(await nudge(await createUser(t.app), { kind: 'session', sessionId: id }, 403))).toBe('ACCESS_DENIED');
    await nudge(a, { kind: 'session', sessionId: '00000000-0000-4000-8000-000000000000' }, 404);
    await api.call(unlinkPartner, {}, { as: b });
    expect(codeOf(await nudge(a, { kind: 'session', sessionId: id }, 409))).toBe('SESSION_READ_ONLY');
    expect(codeOf(await nudge(a, { kind: 'daily', day: '2026-10-05' }, 409))).toBe('NOT_PARTNERED');
    expect(other.id).not.toBe(a.id);
  });
});

describe('a nudge about the daily question', () => {
  it('needs your answer and not theirs, once a day, and mails only a partner who kept nudges by e-mail on', async () => {
    clock.set('2026-10-10T12:00:00Z');
    const [a, b] = await verifiedCouple();
    const { today } = await api.call(getDaily, {}, { as: a });
    await nudge(a, { kind: 'daily', day: today }, 409);
    await api.call(answerDaily, { params: { day: today }, body: { answer: 'Mine' } }, { as: a });
    await api.call(updateNotificationSettings, { body: { nudgeEmails: false } }, { as: b });
    await nudge(a, { kind: 'daily', day: today });
    await nudge(a, { kind: 'daily', day: today }, 409);
    await mailsSettled();
    expect(nudgeMails(b)).toEqual([]);
    await nudge(a, { kind: 'daily', day: '2026-10-11' }, 404);
    await nudge(a, { kind: 'daily', day: 'tomorrow' }, 404);
  });

  it('never mails an unverified address, and waits for the end of the partner’s quiet hours', async () => {
    clock.set('2026-10-12T12:00:00Z');
    const [a, b] = await createCouple(api);
    const { today } = await api.call(getDaily, {}, { as: a });
    await api.call(answerDaily, { params: { day: today }, body: { answer: 'Mine' } }, { as: a });
    await nudge(a, { kind: 'daily', day: today });
    await mailsSettled();
    expect(mailsTo(t, b.email)).toEqual([]);

    clock.set('2026-10-12T23:00:00Z'); // 23:00 in UTC: quiet hours (22 to 8) by default

    const [c, d] = await verifiedCouple();
    await api.call(getDaily, {}, { as: c });
    await api.call(answerDaily, { params: { day: today }, body: { answer: 'Mine' } }, { as: c });
    await nudge(c, { kind: 'daily', day: today });
    // Held until 08:00 in d's zone, nine hours on (pg-boss counts the delay on the database's clock).
    const [job] = await queryRows<{ wait: number }>(
      t.database.db,
      `select extract(epoch from start_after - now())::int as wait from pgboss.job where name = $1 and state = 'created' order by created_on desc limit 1`,
      [nudgeMailJob.name],
    );
    expect(job.wait).toBeGreaterThan(9 * 3600 - 120);
    expect(nudgeMails(d)).toEqual([]);
  });
});
