import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createCouple, type TestUser } from '../../../test/api-client';
import { listeningApp } from '../../../test/sockets';
import { DAY_MS, manualClock } from '../../clock';
import { getCategories } from '@core/contracts/catalogue';
import { unlinkPartner } from '@core/contracts/partner-links';
import { createSession, type SessionLive, type SessionSnapshot } from '@core/contracts/sessions';
import { GAME_TYPES, type GameType } from '@core/games';

const clock = manualClock('2026-11-20T20:00:00Z');
const app = listeningApp({ clock });

/** An answer each game accepts, from what a player sees before answering. */
function answerFor(game: GameType, payload: Record<string, unknown>, n: number): unknown {
  if (game === 'would_you_rather') return n % 2 ? 'b' : 'a';
  if (game === 'couple_quiz') return (payload.options as string[])[n % 2];
  if (game === 'emoji_movie') return `Some film ${n}`;
  return `My own words for question ${n}`;
}

/** Everything one socket receives, to read later what reached it and when. */
function record(socket: Socket) {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

async function ownPaceSession(game: GameType): Promise<{ host: TestUser; guest: TestUser; id: string }> {
  const [host, guest] = await createCouple(app.client);
  const levelId = await app.client.openLevelId(host, game);
  const { session } = await app.client.call(createSession, { body: { levelId, pace: 'own' } }, { as: host });
  expect(session.pace).toBe('own');
  return { host, guest, id: session.id };
}

/** Answers the item at the player's own position and moves on; the reply's live state. */
async function answerAndGoOn(id: string, as: TestUser, game: GameType, n: number): Promise<SessionLive> {
  const before = await app.client.snapshot(id, as);
  const current = before.current!;
  const { live } = await app.client.answer(id, answerFor(game, current.payload as Record<string, unknown>, n), { as, itemId: current.id });
  // The last answer of the two completes the level: then there is no item left to show.
  if (live.session.status === 'active') expect(live.answers.mine).not.toBeNull();
  const moved = await app.client.move(id, 'next', { as });
  return moved.live;
}

const answersIn = (payload: unknown) => JSON.stringify(payload);

describe.each(GAME_TYPES)('%s at your own pace', (game) => {
  it('lets each play on their own, reveals an item once both answered it, and completes when both have answered all', async () => {
    const { host, guest, id } = await ownPaceSession(game);
    const guestSocket = await app.connect(guest.cookie);
    const heard = record(guestSocket);
    const first = await app.client.snapshot(id, host);
    const count = first.itemCount;
    expect(count).toBeGreaterThan(3);
    expect(first.session.pace).toBe('own');

    // Day one: the host answers half the level alone. Nothing of an answer reaches the guest, in any reply or event.
    const half = Math.floor(count / 2);
    const hostAnswers: string[] = [];
    for (let n = 0; n < half; n++) {
      const live = await answerAndGoOn(id, host, game, n);
      expect(live.session.currentIndex).toBe(n + 1);
      hostAnswers.push(answersIn(live.passed[n].mine));
      expect(live.passed[n].partner).toBeNull();
    }
    const guestView = await app.client.snapshot(id, guest);
    expect(guestView.progress).toEqual({ mine: 0, partner: half });
    expect(guestView.session.currentIndex).toBe(0);
    expect(guestView.passed).toEqual([]);
    expect(guestView.answers.partner).toBeNull();
    await expect.poll(() => heard.filter((h) => h.event === 'session:updated').length).toBeGreaterThan(0);
    // Typed answers are the host's own words: none of them reaches the guest (a choice is one of the options all see).
    if (game === 'emoji_movie' || game === 'questions') {
      for (const text of [JSON.stringify(guestView), ...heard.map((h) => JSON.stringify(h.payload))]) for (const answer of hostAnswers) expect(text).not.toContain(answer);
    }

    // Two days later the guest answers: each item they answer shows both answers at once (the host answered it before).
    clock.advance(2 * DAY_MS);
    const afterFirst = await app.client.answer(id, answerFor(game, guestView.current!.payload as Record<string, unknown>, 7), { as: guest, itemId: guestView.current!.id });
    expect(afterFirst.bothAnswered).toBe(true);
    expect(afterFirst.live.answers.partner).not.toBeNull();
    await app.client.move(id, 'next', { as: guest });
    // The host hears it: the item they passed is revealed on their side too.
    await expect.poll(async () => (await app.client.snapshot(id, host)).passed[0].partner).not.toBeNull();

    // Both play on out of step; the one who answers last completes it, for both.
    for (let n = half; n < count; n++) await answerAndGoOn(id, host, game, n);
    const hostWaiting = await app.client.snapshot(id, host);
    expect(hostWaiting.session.status).toBe('active');
    expect(hostWaiting.current).toBeNull();
    expect(hostWaiting.progress).toEqual({ mine: count, partner: 1 });
    clock.advance(DAY_MS);
    for (let n = 1; n < count; n++) await answerAndGoOn(id, guest, game, n + 7);
    for (const who of [host, guest]) {
      const done = await app.client.snapshot(id, who);
      expect(done.session.status).toBe('completed');
      // Completed by the last answer, on the day it was given (the app's clock).
      expect(done.session.completedAt).toBe(clock.now().toISOString());
      expect(done.passed).toHaveLength(count);
      expect(done.passed.every((p) => p.partner !== null)).toBe(true);
      if (game === 'emoji_movie' || game === 'couple_quiz') expect(Object.keys(done.scores ?? {})).toHaveLength(2);
      const dashboard = await app.client.dashboard(who);
      expect(JSON.stringify(dashboard)).toContain(id);
    }
    // Progress for both: the level reads completed in each one's catalogue.
    for (const who of [host, guest]) {
      const { categories } = await app.client.call(getCategories, { params: { gameType: game } }, { as: who });
      expect(categories.flatMap((c) => c.levels).some((l) => l.completed)).toBe(true);
    }
  });
});

describe('own pace: the rules around it', () => {
  it('refuses your own Next before you answered, and prev or shuffle at all', async () => {
    const { host, id } = await ownPaceSession('would_you_rather');
    await app.client.send('POST', `/api/sessions/${id}/next`, { as: host, body: {}, expect: 409 });
    await app.client.send('POST', `/api/sessions/${id}/prev`, { as: host, body: {}, expect: 409 });
  });

  it("remembers the couple's last choice for the game, and the catalogue says it", async () => {
    const { host, guest } = await ownPaceSession('would_you_rather');
    const { categories, pace } = await app.client.call(getCategories, { params: { gameType: 'would_you_rather' } }, { as: guest });
    expect(pace).toBe('own');
    const levelId = categories.flatMap((c) => c.levels).find((l) => l.lock === 'open')!.id;
    const { session } = await app.client.call(createSession, { body: { levelId } }, { as: guest });
    expect(session.pace).toBe('own');
    const other = await app.client.call(getCategories, { params: { gameType: 'emoji_movie' } }, { as: host });
    expect(other.pace).toBe('live');
  });

  it('switches a live session the partner has not joined to own pace, keeping what both answered', async () => {
    const [host, guest] = await createCouple(app.client);
    const id = await app.client.createSession(host);
    const live: SessionSnapshot = await app.client.snapshot(id, host);
    expect(live.session.pace).toBe('live');
    await app.client.answer(id, 'a', { as: host });
    const switched = await app.client.send('POST', `/api/sessions/${id}/own-pace`, { as: host, body: {}, expect: 200 });
    expect((switched.json as { live: SessionLive }).live.session.pace).toBe('own');
    // The guest may not switch it; the host asking again changes nothing.
    await app.client.send('POST', `/api/sessions/${id}/own-pace`, { as: guest, body: {}, expect: 403 });
    await app.client.send('POST', `/api/sessions/${id}/own-pace`, { as: host, body: {}, expect: 200 });
    // The host's answer stands, and the host goes on alone.
    const moved = await app.client.move(id, 'next', { as: host });
    expect(moved.live.session.currentIndex).toBe(1);
    const guestView = await app.client.snapshot(id, guest);
    expect(guestView.progress).toEqual({ mine: 0, partner: 1 });
    expect(guestView.session.currentIndex).toBe(0);
  });

  it('refuses a stranger, a former partner and a visitor', async () => {
    const { host, guest, id } = await ownPaceSession('questions');
    const stranger = await app.client.signUp();
    await app.client.send('POST', `/api/sessions/${id}/own-pace`, { as: stranger, body: {}, expect: 403 });
    await app.client.send('POST', `/api/sessions/${id}/next`, { as: stranger, body: {}, expect: 403 });
    await app.client.send('POST', `/api/sessions/${id}/own-pace`, { body: {}, expect: 401 });
    await app.client.call(unlinkPartner, {}, { as: host });
    // Former partners: the session is theirs to look at, not to play.
    await app.client.send('POST', `/api/sessions/${id}/answers`, { as: guest, body: { answer: 'Still here' }, expect: 409 });
    await app.client.send('POST', `/api/sessions/${id}/next`, { as: guest, body: {}, expect: 409 });
  });
});
