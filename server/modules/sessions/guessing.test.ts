import { describe, expect, it } from 'vitest';
import { createCouple, type TestUser } from '../../../test/api-client';
import { nextEvent, paymentsApp } from '../../../test/payments';
import { getCategories } from '@core/contracts/catalogue';
import { unlinkPartner } from '@core/contracts/partner-links';
import { createSession, getSession, markGuess, type SessionLive, submitAnswer } from '@core/contracts/sessions';
import { guessRole } from '@core/guessing';

/** Guess my answer on the engine (docs/product/guess-my-answer.md), on PGlite and PostgreSQL alike. */
const pay = paymentsApp();
const { app } = pay;

async function guessingSession(game: 'would_you_rather' | 'questions', pace: 'live' | 'own' = 'live') {
  const [host, guest] = await createCouple(app.client);
  const levelId = await app.client.openLevelId(host, game);
  const { session } = await app.client.call(createSession, { body: { levelId, pace, guessing: true } }, { as: host });
  expect(session.guessing).toBe(true);
  return { host, guest, id: session.id };
}

/** A request whose refusal the test reads: its status, code and sentence. */
async function send(url: string, as: TestUser, body: unknown) {
  const reply = await app.client.send('POST', url, { as, body });
  const { error } = (reply.json ?? {}) as { error?: { code: string; message: string } };
  return { status: reply.status, body: { code: error?.code, error: error?.message } };
}
const answer = (id: string, as: TestUser, body: { itemId?: string; answer?: unknown; guess?: unknown }) => send(`/api/sessions/${id}/answers`, as, body);
const mark = (id: string, as: TestUser, itemId: string, value: string) => send(`/api/sessions/${id}/marks`, as, { itemId, mark: value });

describe('Guess my answer: predictions (Would You Rather)', () => {
  it('hides a guess from the partner until both have answered, then scores who knew whom, live to the end', async () => {
    const { host, guest, id } = await guessingSession('would_you_rather');
    const guestSocket = await app.connect(guest.cookie);
    const first = await app.client.snapshot(id, host);
    expect(first.session.guessing).toBe(true);
    const count = first.itemCount;
    expect(count).toBeGreaterThan(3);

    for (let i = 0; i < count; i++) {
      const item = (await app.client.snapshot(id, host)).current!;
      // The host picks a and predicts b; the guest picks b on even items (the host knew) and a on odd ones.
      const heard = nextEvent<{ sessionId: string; live: SessionLive }>(guestSocket, 'session:updated');
      const { live: hostLive } = await app.client.call(submitAnswer, { params: { id }, body: { itemId: item.id, answer: 'a', guess: 'b' } }, { as: host });
      expect(hostLive.answers.mine).toBe('a');
      expect(hostLive.guess).toEqual({ mine: 'b', partner: null, mark: null });
      // What reaches the guest before they answer says that the host answered, and nothing of what.
      const event = await heard;
      expect(event.live.answers).toMatchObject({ partnerAnswered: true, partner: null, mine: null });
      expect(event.live.guess).toEqual({ mine: null, partner: null, mark: null });
      expect(JSON.stringify(event.live)).not.toContain('"b"');
      const before = await app.client.snapshot(id, guest);
      expect(before.answers.partner).toBeNull();
      expect(before.guess?.partner).toBeNull();

      const own = i % 2 === 0 ? 'b' : 'a';
      const { live: guestLive } = await app.client.call(submitAnswer, { params: { id }, body: { itemId: item.id, answer: own, guess: 'a' } }, { as: guest });
      expect(guestLive.answers).toMatchObject({ mine: own, partner: 'a', bothAnswered: true });
      expect(guestLive.guess).toEqual({ mine: 'a', partner: 'b', mark: null });
      const hostAfter = await app.client.snapshot(id, host);
      expect(hostAfter.guess).toEqual({ mine: 'b', partner: 'a', mark: null });
      await app.client.move(id, 'next', { as: host });
    }

    const done = await app.client.snapshot(id, guest);
    expect(done.session.status).toBe('completed');
    expect(done.scores).toBeNull();
    const evens = Math.ceil(count / 2);
    // The host predicted b: right on the guest's even items. The guest predicted a, the host's pick every time.
    expect(done.knowing).toEqual({
      [host.id]: { knew: evens, of: count, close: 0, unmarked: 0 },
      [guest.id]: { knew: count, of: count, close: 0, unmarked: 0 },
    });
    // The Love Story card's best score for the activity: both together.
    expect((await app.client.dashboard(host)).knowEachOther).toEqual([{ game: 'would_you_rather', knew: evens + count, of: 2 * count }]);
    // The level counts as played, as in the ordinary way to play.
    const { categories } = await app.client.call(getCategories, { params: { gameType: 'would_you_rather' } }, { as: guest });
    expect(categories.flatMap((c) => c.levels).find((l) => l.id === done.level.id)?.completed).toBe(true);
  });

  it('refuses bad input with 400: no guess, a guess that is not an option, a guess in the ordinary way to play; a stranger gets 403', async () => {
    const { host, id } = await guessingSession('would_you_rather');
    const item = (await app.client.snapshot(id, host)).current!;
    const missing = await answer(id, host, { itemId: item.id, answer: 'a' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/your guess/);
    expect((await answer(id, host, { itemId: item.id, answer: 'a', guess: 'c' })).status).toBe(400);
    expect((await answer(id, host, { itemId: item.id, answer: 'a', guess: { own: 'a' } })).status).toBe(400);
    // A guess for an item of another session's level.
    const other = await app.client.createSession(host, { game: 'questions' });
    const otherItem = (await app.client.snapshot(other, host)).current!;
    expect((await answer(id, host, { itemId: otherItem.id, answer: 'a', guess: 'b' })).status).toBe(400);
    // The ordinary way to play takes no guess.
    const ordinary = await app.client.createSession(host);
    const ordinaryItem = (await app.client.snapshot(ordinary, host)).current!;
    const refused = await answer(ordinary, host, { itemId: ordinaryItem.id, answer: 'a', guess: 'b' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('NOT_GUESSING');

    const stranger = await app.client.signUp();
    const denied = await answer(id, stranger, { itemId: item.id, answer: 'a', guess: 'c' });
    expect(denied.status).toBe(403);
    expect((await app.client.send('GET', `/api/sessions/${id}`, { as: stranger })).status).toBe(403);
  });
});

describe('Guess my answer: written (questions)', () => {
  it('alternates who answers and who guesses, lets only the answerer mark the guess once both answered, at their own pace', async () => {
    const { host, guest, id } = await guessingSession('questions', 'own');
    const hostSocket = await app.connect(host.cookie);
    const snap = await app.client.snapshot(id, host);
    const count = snap.itemCount;
    expect(count).toBeGreaterThan(3);

    // Item 0: the host answers in their own words, the guest guesses it.
    expect(guessRole('written', 0, 'host')).toBe('answerer');
    const item0 = snap.current!;
    expect((await answer(id, host, { itemId: item0.id, answer: 'Pancakes on a Sunday', guess: 'x' })).status).toBe(400);
    await app.client.call(submitAnswer, { params: { id }, body: { itemId: item0.id, answer: 'Pancakes on a Sunday' } }, { as: host });
    // Before the guest has guessed there is nothing to mark, and the guest sees nothing of the answer.
    expect((await mark(id, host, item0.id, 'spot_on')).status).toBe(409);
    expect((await app.client.snapshot(id, guest)).answers.partner).toBeNull();
    const heard = nextEvent<{ live: SessionLive }>(hostSocket, 'session:updated');
    const { live: guessed } = await app.client.call(submitAnswer, { params: { id }, body: { itemId: item0.id, answer: 'Pancakes' } }, { as: guest });
    expect(guessed.answers).toMatchObject({ mine: 'Pancakes', partner: 'Pancakes on a Sunday', bothAnswered: true });
    expect((await heard).live.answers.partner).toBe('Pancakes');

    // Only the answerer marks: the guest is refused, the host's mark reaches both, and may be changed.
    const wrong = await mark(id, guest, item0.id, 'spot_on');
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('NOT_YOUR_MARK');
    expect((await mark(id, host, item0.id, 'perfect')).status).toBe(400);
    const { live: marked } = await app.client.call(markGuess, { params: { id }, body: { itemId: item0.id, mark: 'close' } }, { as: host });
    expect(marked.passed.length + (marked.current?.id === item0.id ? 1 : 0)).toBeGreaterThan(0);
    expect((await app.client.snapshot(id, guest)).guess?.mark).toBe('close');
    await app.client.call(markGuess, { params: { id }, body: { itemId: item0.id, mark: 'spot_on' } }, { as: host });
    expect((await app.client.snapshot(id, guest)).guess?.mark).toBe('spot_on');

    // The rest of the level: the roles swap item by item; completion does not wait for marks.
    await app.client.move(id, 'next', { as: host });
    await app.client.move(id, 'next', { as: guest });
    for (let i = 1; i < count; i++) {
      const item = (await app.client.snapshot(id, host)).current!;
      await app.client.answer(id, `Host ${i}`, { as: host, itemId: item.id });
      await app.client.answer(id, `Guest ${i}`, { as: guest, itemId: item.id });
      if (i === 1) {
        // Item 1: the guest answered, the host guessed: the guest marks it, not the host.
        expect((await mark(id, host, item.id, 'spot_on')).status).toBe(403);
        await app.client.call(markGuess, { params: { id }, body: { itemId: item.id, mark: 'not_quite' } }, { as: guest });
      }
      if (i < count - 1) {
        await app.client.move(id, 'next', { as: host });
        await app.client.move(id, 'next', { as: guest });
      }
    }
    const done = await app.client.call(getSession, { params: { id } }, { as: host });
    expect(done.session.status).toBe('completed');
    const guestGuesses = Math.ceil(count / 2);
    const hostGuesses = Math.floor(count / 2);
    expect(done.knowing).toEqual({
      [guest.id]: { knew: 1, of: guestGuesses, close: 0, unmarked: guestGuesses - 1 },
      [host.id]: { knew: 0, of: hostGuesses, close: 0, unmarked: hostGuesses - 1 },
    });
    // A mark after the completion still counts.
    const lastHostAnswered = done.passed.find((_, index) => index % 2 === 0 && index > 0)!;
    await app.client.call(markGuess, { params: { id }, body: { itemId: lastHostAnswered.id, mark: 'spot_on' } }, { as: host });
    expect((await app.client.snapshot(id, guest)).knowing?.[guest.id]?.knew).toBe(2);

    // Memories and the export show the answer beside the guess of it, and its mark; search finds the guess's words.
    const memory = await app.client.get<{ memory: { guessing: boolean }; items: { itemId: string; mine: string | null; partner: string | null; guess: unknown }[] }>(
      `/api/memories/sessions/${id}`,
      guest,
    );
    expect(memory.memory.guessing).toBe(true);
    expect(memory.items.find((i) => i.itemId === item0.id)).toMatchObject({
      mine: null,
      partner: 'Pancakes on a Sunday',
      guess: { role: 'guesser', mine: 'Pancakes', partner: null, mark: 'spot_on' },
    });
    const found = await app.client.get<{ memories: { id?: string }[] }>('/api/memories?q=pancakes', guest);
    expect(found.memories.map((m) => m.id)).toEqual([id]);
    const exported = await app.client.get<{ version: number; sessions: { id: string; guessing: boolean; items: { guess: unknown }[] }[] }>('/api/memories/export', host);
    expect(exported.version).toBe(2);
    const session = exported.sessions.find((s) => s.id === id)!;
    expect(session.guessing).toBe(true);
    expect(session.items[0].guess).toMatchObject({ role: 'answerer', you: null, partner: 'Pancakes', mark: 'spot_on' });

    // After an unlink the session can be read, not marked.
    await app.client.call(unlinkPartner, {}, { as: host });
    const afterUnlink = await mark(id, host, lastHostAnswered.id, 'close');
    expect(afterUnlink.body.code).toBe('SESSION_READ_ONLY');
    expect(afterUnlink.status).toBe(409);
  });
});

describe('Guess my answer: the levels that offer it', () => {
  it('plays "About us" only by guessing, and the quiz’s trivia only the ordinary way', async () => {
    const [host] = await createCouple(app.client);
    await pay.buyGold(host);
    const { categories } = await app.client.call(getCategories, { params: { gameType: 'couple_quiz' } }, { as: host });
    const aboutUs = categories.find((c) => c.slug === 'about-us');
    expect(aboutUs?.levels.length).toBeGreaterThanOrEqual(3);
    const predictLevel = aboutUs!.levels[0].id;
    const ordinary = await send('/api/sessions', host, { levelId: predictLevel });
    expect(ordinary.status).toBe(400);
    expect(ordinary.body.code).toBe('GUESSING_ONLY');
    expect(ordinary.body.error).toMatch(/guessing/);
    const { session } = await app.client.call(createSession, { body: { levelId: predictLevel, guessing: true } }, { as: host });
    const item = (await app.client.snapshot(session.id, host)).current!;
    const options = (item.payload as { options: string[] }).options;
    expect(options.length).toBeGreaterThanOrEqual(3);
    expect((await answer(session.id, host, { itemId: item.id, answer: options[0], guess: 'Not an option' })).status).toBe(400);
    expect((await answer(session.id, host, { itemId: item.id, answer: options[0], guess: options[1] })).status).toBe(200);

    const trivia = categories.find((c) => c.slug !== 'about-us')!.levels[0].id;
    const refused = await send('/api/sessions', host, { levelId: trivia, guessing: true });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('GUESSING_NOT_OFFERED');
    // Emoji Movie has no guessing at all.
    const films = await app.client.openLevelId(host, 'emoji_movie');
    expect((await send('/api/sessions', host, { levelId: films, guessing: true })).status).toBe(400);
  });
});
