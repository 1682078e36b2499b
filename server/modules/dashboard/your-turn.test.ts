import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDaily, getDaily } from '@core/contracts/daily';
import { getDashboard, getYourTurn } from '@core/contracts/dashboard';
import { unlinkPartner } from '@core/contracts/partner-links';
import { type ApiClient, type TestUser, createCouple } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp, createUser } from '../../../test/app';
import { DAY_MS, manualClock } from '../../clock';
import { rowsOf } from '../../db/client';

/** "Your turn" on the dashboard and in the bell (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell). */
const clock = manualClock('2026-09-14T12:00:00Z');
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  api = clientFor(t.app);
});
afterAll(() => t.close());

const turns = async (u: TestUser) => {
  const [dashboard, bell] = await Promise.all([api.call(getDashboard, {}, { as: u }), api.call(getYourTurn, {}, { as: u })]);
  // The bell carries the dashboard's entries.
  expect(bell.yourTurn).toEqual(dashboard.yourTurn);
  return dashboard.yourTurn;
};
const answer = (u: TestUser, day: string, text: string) => api.call(answerDaily, { params: { day }, body: { answer: text } }, { as: u });

const couple = () => createCouple(api);

/** A session of `host`'s in which `partner` answered the first item, then played at its own pace. */
async function ownPaceSessionAnsweredBy(host: TestUser, partner: TestUser) {
  const id = await api.createSession(host, { game: 'would_you_rather' });
  const { current } = await api.snapshot(id, partner);
  await api.answer(id, 'a', { as: partner, itemId: current!.id });
  await t.database.db.execute(sql`update game_sessions set pace = 'own' where id = ${id}`);
  return id;
}

describe('your turn', () => {
  it('is nothing for a visitor, a user without a partner, or a former partner', async () => {
    expect((await t.app.inject({ url: '/api/your-turn' })).statusCode).toBe(401);
    expect(await turns(await createUser(t.app))).toEqual([]);
    const [a, b] = await couple();
    expect(await turns(a)).not.toEqual([]);
    await api.call(unlinkPartner, {}, { as: b });
    expect(await turns(a)).toEqual([]);
    expect((await api.call(getYourTurn, {}, { as: a })).partner).toBeNull();
  });

  it("lists today's question until you answer it, even before it is drawn, and goes when you do", async () => {
    const [a, b] = await couple();
    const today = '2026-09-14';
    expect(await turns(a)).toEqual([{ kind: 'daily', day: today, today: true, partnerAnswered: false }]);
    await api.call(getDaily, {}, { as: b });
    await answer(b, today, 'Mine first');
    // Cached, and dropped by the partner's answer.
    expect(await turns(a)).toEqual([{ kind: 'daily', day: today, today: true, partnerAnswered: true }]);
    await answer(a, today, 'Mine too');
    expect(await turns(a)).toEqual([]);
    expect(await turns(b)).toEqual([]);
  });

  it('turns with the day though nothing was written, and keeps an earlier day only once the partner answered it', async () => {
    clock.set('2026-09-20T12:00:00Z');
    const [a, b] = await couple();
    await api.call(getDaily, {}, { as: a });
    await answer(a, '2026-09-20', 'Done for today');
    expect(await turns(a)).toEqual([]);
    clock.advance(DAY_MS);
    expect(await turns(a)).toEqual([{ kind: 'daily', day: '2026-09-21', today: true, partnerAnswered: false }]);
    // b never answered the 20th and a did: it waits for b, not for a.
    expect(await turns(b)).toEqual([
      { kind: 'daily', day: '2026-09-21', today: true, partnerAnswered: false },
      { kind: 'daily', day: '2026-09-20', today: false, partnerAnswered: true },
    ]);
  });

  it('lists own-pace sessions where the partner answered ahead, after today’s question, never a stranger’s', async () => {
    clock.set('2026-09-25T12:00:00Z');
    const [a, b] = await couple();
    const [x, y] = await couple();
    const ours = await ownPaceSessionAnsweredBy(a, b);
    await ownPaceSessionAnsweredBy(x, y);
    // A live session is not listed: both play it on screen together.
    const live = await api.createSession(a, { game: 'would_you_rather' });
    await t.database.db.execute(sql`update game_sessions set pace = 'live' where id = ${live}`);
    await api.answer(live, 'a', { as: b, itemId: (await api.snapshot(live, b)).current!.id });
    const entries = await turns(a);
    expect(entries).toEqual([
      { kind: 'daily', day: '2026-09-25', today: true, partnerAnswered: false },
      { kind: 'session', sessionId: ours, game: 'would_you_rather', waiting: 1 },
    ]);
    expect(await turns(b)).toEqual([{ kind: 'daily', day: '2026-09-25', today: true, partnerAnswered: false }]);
  });

  it("orders sessions by when the partner answered on the app's clock, not the database's", async () => {
    clock.set('2026-10-05T12:00:00Z');
    const [a, b] = await couple();
    const later = await ownPaceSessionAnsweredBy(a, b);
    // Answered after on the database's time, but two days earlier on the app's: it comes second.
    clock.set('2026-10-03T12:00:00Z');
    const earlier = await ownPaceSessionAnsweredBy(a, b);
    clock.set('2026-10-05T13:00:00Z');
    const sessions = (await turns(a)).filter((e) => e.kind === 'session');
    expect(sessions.map((e) => e.kind === 'session' && e.sessionId)).toEqual([later, earlier]);
    const [row] = rowsOf<{ created: Date | string }>(await t.database.db.execute(sql`select created_at as created from game_sessions where id = ${earlier}`));
    expect(new Date(row.created).toISOString()).toBe('2026-10-03T12:00:00.000Z');
  });
});
