import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDaily, getDaily } from '@core/contracts/daily';
import { getDayMemory, getSessionMemory, listMemories, setStar } from '@core/contracts/memories';
import { exportEndpoint, memoriesExportSchema } from '@core/contracts/memories-export';
import { unlinkPartner } from '@core/contracts/partner-links';
import { createSession } from '@core/contracts/sessions';
import { type ApiClient, type TestUser, createCouple } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp } from '../../../test/app';
import { manualClock } from '../../clock';
import { queryRows } from '../../db/client';

/**
 * Memories (docs/product/memories.md): the list, a memory's page, search over what the viewer can read, the couple's
 * stars, the export, who may read them, and what an unlink and a deletion leave (decision 055).
 */
const clock = manualClock('2026-11-10T12:00:00Z');
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  api = clientFor(t.app);
});
afterAll(() => t.close());

const list = (u: TestUser, query: Record<string, string> = {}) => api.call(listMemories, { query }, { as: u }).then((r) => r.memories);

/** A questions session at the couple's own pace: `a` answers the first two items, `b` the first only. */
async function playedQuestions(a: TestUser, b: TestUser, words: [string, string, string]) {
  const levelId = await api.openLevelId(a, 'questions');
  const { session } = await api.call(createSession, { body: { levelId, pace: 'own' } }, { as: a });
  const first = (await api.snapshot(session.id, b)).current!.id;
  await api.answer(session.id, words[0], { as: a, itemId: first });
  await api.answer(session.id, words[1], { as: b, itemId: first });
  await api.move(session.id, 'next', { as: a }).catch(() => undefined);
  const second = (await api.snapshot(session.id, a)).current!.id;
  await api.answer(session.id, words[2], { as: a, itemId: second });
  return { id: session.id, first, second };
}

async function answeredDay(a: TestUser, b: TestUser, mine: string, theirs?: string) {
  const { today } = await api.call(getDaily, {}, { as: a });
  await api.call(answerDaily, { params: { day: today }, body: { answer: mine } }, { as: a });
  if (theirs) await api.call(answerDaily, { params: { day: today }, body: { answer: theirs } }, { as: b });
  return today;
}

describe('memories', () => {
  it('list the sessions and daily questions a couple shared, newest first, each with both answers once both gave one', async () => {
    clock.set('2026-11-10T12:00:00Z');
    const [a, b] = await createCouple(api);
    const s = await playedQuestions(a, b, ['Our first trip to Lisbon', 'The rainy picnic in May', 'A quiet breakfast']);
    const day = await answeredDay(a, b, 'Sunday mornings', 'Your laugh');
    const mine = await list(a);
    expect(mine.map((m) => m.kind)).toEqual(['daily', 'session']);
    expect(mine[0]).toMatchObject({ kind: 'daily', day, both: true, with: { id: b.id, username: b.username }, starred: false });
    expect(mine[1]).toMatchObject({ kind: 'session', id: s.id, game: 'questions', pace: 'own', answered: 2, starred: 0 });

    const { items } = await api.call(getSessionMemory, { params: { id: s.id } }, { as: a });
    expect(items.map((i) => [i.mine, i.partner, i.partnerAnswered])).toEqual([
      ['Our first trip to Lisbon', 'The rainy picnic in May', true],
      ['A quiet breakfast', null, false],
    ]);
    // b sees b's side: the item b has not answered is not b's memory yet.
    const theirs = await api.call(getSessionMemory, { params: { id: s.id } }, { as: b });
    expect(theirs.items.map((i) => [i.mine, i.partner])).toEqual([['The rainy picnic in May', 'Our first trip to Lisbon']]);
    const [low, high] = [a.id, b.id].sort();
    const d = await api.call(getDayMemory, { params: { low, high, day } }, { as: b });
    expect([d.mine, d.partner]).toEqual(['Your laugh', 'Sunday mornings']);
  });

  it('find words in what the viewer can read, and never in a partner’s answer still hidden from them', async () => {
    const [a, b] = await createCouple(api);
    await playedQuestions(a, b, ['Lisbon in spring', 'Porto at night', 'Marmalade toast']);
    const day = await answeredDay(b, a, 'A secret only b wrote');
    expect((await list(a, { q: 'porto' })).map((m) => m.kind)).toEqual(['session']);
    expect(await list(a, { q: 'secret only' })).toEqual([]); // b's answer, hidden until a answers
    expect((await list(b, { q: 'secret only' })).map((m) => (m.kind === 'daily' ? m.day : m.id))).toEqual([day]);
    expect((await list(b, { q: 'marmalade' })).length).toBe(0); // a's second answer: b has not answered that item
    expect((await list(a, { activity: 'daily' })).map((m) => m.kind)).toEqual(['daily']);
    expect((await list(a, { activity: 'questions' })).map((m) => m.kind)).toEqual(['session']);
    const long = await api.reply(listMemories, { query: { q: 'x'.repeat(101) } }, { as: a, expect: 400 });
    expect((long.json as { error: { message: string } }).error.message).toBe('Please search for 100 characters or fewer');
  });

  it('keep stars that are the couple’s: either sets one, both see it, either clears it', async () => {
    const [a, b] = await createCouple(api);
    const s = await playedQuestions(a, b, ['One', 'Two', 'Three']);
    await api.call(setStar, { body: { target: { kind: 'item', sessionId: s.id, itemId: s.first }, starred: true } }, { as: b });
    const [onA] = await list(a, { starred: 'true' });
    expect(onA).toMatchObject({ kind: 'session', id: s.id, starred: 1 });
    expect((await api.call(getSessionMemory, { params: { id: s.id } }, { as: a })).items.map((i) => i.starred)).toEqual([true, false]);
    await api.call(setStar, { body: { target: { kind: 'item', sessionId: s.id, itemId: s.first }, starred: false } }, { as: a });
    expect(await list(b, { starred: 'true' })).toEqual([]);
    // An item b never answered is not b's to star; a stranger's is not found.
    await api.reply(setStar, { body: { target: { kind: 'item', sessionId: s.id, itemId: s.second }, starred: true } }, { as: b, expect: 404 });
    const [stranger] = await createCouple(api);
    await api.reply(setStar, { body: { target: { kind: 'item', sessionId: s.id, itemId: s.first }, starred: true } }, { as: stranger, expect: 404 });
  });

  it('are the couple’s only: a stranger, a visitor and a later partner are refused, and lists none of it', async () => {
    const [a, b] = await createCouple(api);
    const s = await playedQuestions(a, b, ['Ours', 'Also ours', 'Still ours']);
    const day = await answeredDay(a, b, 'Mine', 'Theirs');
    const [low, high] = [a.id, b.id].sort();
    await api.call(unlinkPartner, {}, { as: a });
    const later = await api.signUp();
    await api.linkPartners(a, later);
    const [stranger] = await createCouple(api);
    for (const who of [stranger, later]) {
      await api.reply(getSessionMemory, { params: { id: s.id } }, { as: who, expect: 404 });
      await api.reply(getDayMemory, { params: { low, high, day } }, { as: who, expect: 404 });
      expect(await list(who, { q: 'ours' })).toEqual([]);
    }
    await api.send('GET', '/api/memories', { expect: 401 });
    await api.send('GET', '/api/memories/export', { expect: 401 });
    // After the unlink each keeps the shared history, both answers included.
    expect((await api.call(getDayMemory, { params: { low, high, day } }, { as: b })).partner).toBe('Mine');
    expect((await api.call(getSessionMemory, { params: { id: s.id } }, { as: b })).items[0].partner).toBe('Ours');
  });

  it('export everything shared as JSON that its schema accepts', async () => {
    const [a, b] = await createCouple(api);
    await playedQuestions(a, b, ['Exported one', 'Exported two', 'Exported three']);
    await answeredDay(a, b, 'Day mine', 'Day theirs');
    const res = await t.app.inject({ url: exportEndpoint.path, headers: { cookie: a.cookie } });
    expect(res.headers['content-disposition']).toBe('attachment; filename="twogether-memories.json"');
    const data = memoriesExportSchema.parse(res.json());
    expect(data).toMatchObject({ format: 'twogether-memories', version: 2, you: { id: a.id } });
    expect(data.sessions[0].items.map((i) => [i.you, i.partner])).toEqual([
      ['Exported one', 'Exported two'],
      ['Exported three', null],
    ]);
    expect(data.days.map((d) => [d.you, d.partner])).toEqual([['Day mine', 'Day theirs']]);
  });
});

describe('deleting an account', () => {
  it('removes the leaving user’s answers and keeps the partner’s, beside "a former partner"', async () => {
    const [a, b] = await createCouple(api);
    const s = await playedQuestions(a, b, ['A wrote this', 'B wrote this', 'A again']);
    const day = await answeredDay(a, b, 'A on the day', 'B on the day');
    const lonely = await api.createSession(a, { game: 'questions' }); // a's, never answered by b: gone with a
    await api.send('DELETE', '/api/account', { as: a, body: { confirm: true }, expect: 200 });

    const memories = await list(b);
    expect(memories.map((m) => [m.kind, m.with?.username])).toEqual([
      ['daily', 'A former partner'],
      ['session', 'A former partner'],
    ]);
    const { items } = await api.call(getSessionMemory, { params: { id: s.id } }, { as: b });
    expect(items.map((i) => [i.mine, i.partner, i.partnerRemoved])).toEqual([['B wrote this', null, true]]);
    const [low, high] = [a.id, b.id].sort();
    const d = await api.call(getDayMemory, { params: { low, high, day } }, { as: b });
    expect([d.mine, d.partner, d.partnerRemoved]).toEqual(['B on the day', null, true]);

    const [left] = await queryRows<{ n: number }>(t.database.db, 'select count(*)::int as n from responses where user_id = $1', [a.id]);
    expect(left.n).toBe(0);
    const [row] = await queryRows<{ email: string; username: string; deleted: boolean }>(
      t.database.db,
      'select email, username, deleted_at is not null as deleted from users where id = $1',
      [a.id],
    );
    expect(row).toEqual({ email: `deleted-${a.id}@deleted.invalid`, username: 'A former partner', deleted: true });
    expect(await queryRows(t.database.db, 'select id from game_sessions where id = $1', [lonely])).toEqual([]);
    // The session they shared ended, and no one may take the seat the leaver held.
    const [ended] = await queryRows<{ status: string }>(t.database.db, 'select status from game_sessions where id = $1', [s.id]);
    expect(ended.status).toBe('completed');
    // The address is free again, and the old password opens nothing.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: a.email, password: a.password }, headers: { origin: t.config.appUrl } });
    expect(login.statusCode).toBe(401);
    await api.signUp({ email: a.email });
  });

  it('leaves no row behind when nothing was shared', async () => {
    const solo = await api.signUp();
    await api.send('DELETE', '/api/account', { as: solo, body: { confirm: true }, expect: 200 });
    expect(await queryRows(t.database.db, 'select id from users where id = $1', [solo.id])).toEqual([]);
  });
});
