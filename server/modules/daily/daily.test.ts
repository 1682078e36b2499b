import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlinkPartner } from '@core/contracts/partner-links';
import { answerDaily, getDaily, type Daily } from '@core/contracts/daily';
import { type ApiClient, type TestUser, createCouple } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp, createUser, linkPartners } from '../../../test/app';
import { DAY_MS, manualClock } from '../../clock';
import { rowsOf } from '../../db/client';

const clock = manualClock('2026-03-10T12:00:00Z');
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  api = clientFor(t.app);
});
afterAll(() => t.close());

const daily = (u: TestUser) => api.call(getDaily, {}, { as: u });
const answer = (u: TestUser, day: string, text: string, expect = 200) => api.reply(answerDaily, { params: { day }, body: { answer: text } }, { as: u, expect });
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(statement));

const couple = () => createCouple(api);

const setZone = (u: TestUser, zone: string) => t.database.db.execute(sql`update users set time_zone = ${zone} where id = ${u.id}`);

/** The question library's item ids, and which of them are on levels the free plan does not open. */
async function library() {
  return query<{ id: string; free: boolean }>(sql`
    select i.id, l.free from items i join levels l on l.id = i.level_id join categories c on c.id = l.category_id where c.game = 'questions'`);
}

/** Marks every library item but `keep` as drawn in cycle 0, on days long past: the couple has seen all but those. */
async function seenAllBut(a: TestUser, b: TestUser, keep: string[]) {
  const ids = (await library()).map((r) => r.id).filter((id) => !keep.includes(id));
  await t.database.db.execute(sql`
    insert into daily_questions (user_low, user_high, day, item_id, cycle)
    select least(${a.id}, ${b.id}), greatest(${a.id}, ${b.id}), to_char(date '1990-01-01' + (n::int), 'YYYY-MM-DD'), id::uuid, 0
    from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]`)}::text[]) with ordinality as drawn(id, n)`);
}

async function cycleOf(a: TestUser, b: TestUser, day: string) {
  const [row] = await query<{ cycle: number; item_id: string }>(sql`
    select cycle, item_id from daily_questions where user_low = least(${a.id}, ${b.id}) and user_high = greatest(${a.id}, ${b.id}) and day = ${day}`);
  return row;
}

describe('who gets a daily question', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/daily' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PUT', url: '/api/daily/2026-03-10/answer', payload: { answer: 'hi' }, headers: { origin: 'http://localhost:3000' } });
    expect(res.statusCode).toBe(401);
  });

  it('is refused to a user without a partner, and to a former partner', async () => {
    const lone = await createUser(t.app);
    const refused = await api.reply(getDaily, {}, { as: lone, expect: 409 });
    expect((refused.json as { error: { code: string } }).error.code).toBe('NOT_PARTNERED');
    const [a, b] = await couple();
    const { today } = await daily(a);
    await api.call(unlinkPartner, {}, { as: a });
    await api.reply(getDaily, {}, { as: b, expect: 409 });
    await answer(b, today, 'Still here?', 409);
  });
});

describe('which question', () => {
  it('is the same for both partners, even when both open it at once, and free couples draw from Gold levels too', async () => {
    const [a, b] = await couple();
    const [da, db] = await Promise.all([daily(a), daily(b)]);
    expect(da.days).toHaveLength(1);
    expect(da.days[0].question).toEqual(db.days[0].question);
    expect(da.partner).toEqual({ id: b.id, username: b.username });
    // The last unseen item is on a level the free plan does not open: a free couple is still given it (decision 033).
    const [c, d] = await couple();
    const goldOnly = (await library()).find((r) => !r.free)!;
    await seenAllBut(c, d, [goldOnly.id]);
    expect((await daily(d)).days[0].question.id).toBe(goldOnly.id);
  });

  it('never repeats until the library is seen, then starts a new cycle', async () => {
    const [a, b] = await couple();
    const keep = (await library()).slice(0, 2).map((r) => r.id);
    await seenAllBut(a, b, keep);
    const first = (await daily(a)).days[0];
    clock.advance(DAY_MS);
    const second = (await daily(b)).days[0];
    expect([first.question.id, second.question.id].sort()).toEqual([...keep].sort());
    expect((await cycleOf(a, b, second.day)).cycle).toBe(0);
    clock.advance(DAY_MS);
    const third = (await daily(a)).days[0];
    expect((await cycleOf(a, b, third.day)).cycle).toBe(1);
    expect((await daily(a)).days.map((d) => d.day)).toEqual([third.day, second.day, first.day]);
  });

  it('leaves out what either of them answered in a question session of theirs', async () => {
    const [a, b] = await couple();
    const session = await api.createSession(a, { game: 'questions' });
    const answered = (await api.snapshot(session, a)).current!.id;
    await api.answer(session, 'In a question session', { as: a, itemId: answered });
    const other = (await library()).find((r) => r.id !== answered)!.id;
    await seenAllBut(a, b, [answered, other]);
    expect((await daily(b)).days[0].question.id).toBe(other);
    // Seen all but the answered one: a new cycle, still without it.
    clock.advance(DAY_MS);
    const next = (await daily(b)).days[0];
    expect(next.question.id).not.toBe(answered);
    expect((await cycleOf(a, b, next.day)).cycle).toBe(1);
  });

  it('is one day for both across the date line: the earlier of their dates', async () => {
    const [a, b] = await couple();
    await setZone(a, 'Pacific/Kiritimati'); // UTC+14
    await setZone(b, 'Pacific/Pago_Pago'); // UTC-11
    clock.set('2026-11-25T10:30:00Z'); // Kiritimati's 26th, 00:30; Pago Pago's 24th, 23:30
    const [da, db] = await Promise.all([daily(a), daily(b)]);
    expect([da.today, db.today]).toEqual(['2026-11-24', '2026-11-24']);
    expect(da.days[0].question).toEqual(db.days[0].question);
    clock.set('2026-11-25T11:00:00Z'); // midnight in Pago Pago: a new day for both
    const [na, nb] = await Promise.all([daily(a), daily(b)]);
    expect([na.today, nb.today]).toEqual(['2026-11-25', '2026-11-25']);
    expect(na.days[0].question).toEqual(nb.days[0].question);
    expect(na.days[0].question.id).not.toBe(da.days[0].question.id);
  });

  it('keeps its history for the same two people who unlink and link again; a new pair starts fresh', async () => {
    clock.set('2026-04-02T12:00:00Z');
    const [a, b] = await couple();
    const before = await daily(a);
    await answer(a, before.today, 'Our first evening');
    await api.call(unlinkPartner, {}, { as: b });
    await linkPartners(t.app, b, a);
    const again = await daily(b);
    expect(again.days[0]).toMatchObject({ day: before.today, question: before.days[0].question, partnerAnswered: true, partners: null });
    await api.call(unlinkPartner, {}, { as: a });
    const c = await createUser(t.app);
    await linkPartners(t.app, a, c);
    const fresh = await daily(a);
    expect(fresh.days).toHaveLength(1);
    expect(fresh.days[0]).toMatchObject({ state: 'your_turn', mine: null, partnerAnswered: false });
  });
});

describe('answering', () => {
  it("shows neither partner the other's words until both answered; then they stand", async () => {
    clock.set('2026-05-05T09:00:00Z');
    const [a, b] = await couple();
    const { today } = await daily(a);
    // Words no question holds: the drawn question itself may say "secret".
    const mine = (await answer(a, today, 'A zebra-striped thought of mine')).json as Daily;
    expect(mine.days[0]).toMatchObject({ state: 'waiting', mine: 'A zebra-striped thought of mine', partnerAnswered: false, partners: null });
    const theirs = await daily(b);
    expect(theirs.days[0]).toMatchObject({ state: 'your_turn', mine: null, partnerAnswered: true, partners: null });
    expect(JSON.stringify(theirs)).not.toContain('zebra');
    // Changed while the partner has not answered: the new words are the ones revealed.
    await answer(a, today, '  A changed answer  ');
    const both = (await answer(b, today, 'Mine, at last')).json as Daily;
    expect(both.days[0]).toMatchObject({ state: 'revealed', mine: 'Mine, at last', partners: 'A changed answer' });
    expect((await daily(a)).days[0]).toMatchObject({ state: 'revealed', mine: 'A changed answer', partners: 'Mine, at last' });
    const stands = await answer(a, today, 'Too late', 409);
    expect((stands.json as { error: { code: string } }).error.code).toBe('ANSWER_REVEALED');
  });

  it('refuses empty or over-long answers with the question sessions’ words', async () => {
    const [a] = await couple();
    const { today } = await daily(a);
    expect(((await answer(a, today, '   ', 400)).json as { error: { message: string } }).error.message).toBe('Missing required data for answer submission');
    await answer(a, today, 'x'.repeat(1001), 400);
    await answer(a, today, 'x'.repeat(1000));
  });

  it('keeps earlier days answerable and lists the last 7; a day without a question, or not yet come, is not found', async () => {
    clock.set('2026-06-01T12:00:00Z');
    const [a, b] = await couple();
    const days: string[] = [];
    for (let i = 0; i < 8; i++) {
      days.push((await daily(a)).today);
      clock.advance(DAY_MS);
    }
    const listed = await daily(b);
    expect(listed.days.map((d) => d.day)).toEqual([listed.today, ...days.slice(2).reverse()]);
    // The two oldest are no longer listed, and are still answerable: nothing is lost.
    await answer(b, days[0], 'Better late');
    await answer(b, '2026-05-01', 'Nothing that day', 404);
    await answer(b, '2026-06-30', 'Not yet', 404);
    await answer(b, 'yesterday', 'Not a day', 404);
  });

  it("counts the days this month on which both answered, by the couple's month", async () => {
    clock.set('2026-07-30T12:00:00Z');
    const [a, b] = await couple();
    const together = async (day: string) => {
      await answer(a, day, 'Me');
      await answer(b, day, 'You');
    };
    const july30 = (await daily(a)).today;
    await together(july30);
    expect((await daily(a)).answeredTogether).toBe(1);
    clock.advance(DAY_MS);
    const july31 = (await daily(a)).today;
    await answer(a, july31, 'Only me');
    expect((await daily(b)).answeredTogether).toBe(1);
    clock.advance(DAY_MS); // August: a new month, nothing lost, nothing broken
    const aug1 = (await daily(a)).today;
    expect(aug1).toBe('2026-08-01');
    expect((await daily(a)).answeredTogether).toBe(0);
    await together(aug1);
    // July 31st answered in August counts in July, not this month.
    await answer(b, july31, 'Me too');
    expect((await daily(b)).answeredTogether).toBe(1);
  });
});

describe('another couple', () => {
  it("never sees or answers this couple's days", async () => {
    clock.set('2026-08-10T12:00:00Z');
    const [a, b] = await couple();
    const [x] = await couple();
    const ours = await daily(a);
    await answer(a, ours.today, 'Only for us');
    // A day the stranger's couple has no question for is not found, whoever has one.
    clock.advance(-DAY_MS);
    const yesterday = (await daily(a)).today;
    clock.advance(DAY_MS);
    await answer(x, yesterday, 'Intruding', 404);
    const theirs = await daily(x);
    expect(JSON.stringify(theirs)).not.toContain('Only for us');
    expect(theirs.partner.id).not.toBe(b.id);
  });
});
