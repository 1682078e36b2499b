import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { verdict } from '@core/game-definitions';
import { type TestUser, createUser, linkPartners, post, startSession } from '../../../test/app';
import { listeningApp } from '../../../test/sockets';
import { ACCESS_DENIED, ANSWER_FINAL, FORWARD_ONLY } from './errors';

const app = listeningApp();

/** The whole item, from the content files, for the redacted one a player sees (its emoji or question is unique). */
function solution(g: Game, seen: Payload): Payload {
  const dir = path.resolve('content', g.game);
  for (const file of readdirSync(dir)) {
    const category = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { levels: { items: Payload[] }[] };
    for (const item of category.levels.flatMap((l) => l.items)) {
      if (g.game === 'emoji_movie' ? item.emoji_sequence === seen.emoji_sequence : item.question === seen.question) return item;
    }
  }
  throw new Error(`no content item for ${JSON.stringify(seen)}`);
}

type Payload = Record<string, unknown>;
interface Game {
  game: 'emoji_movie' | 'couple_quiz';
  /** The host's answer before it knows anything: wrong for a film, the first option for the quiz. */
  blind(payload: Payload): string;
  /** A right answer once the solution is known, typed as a player would. */
  right(payload: Payload): string;
  /** What a player must not receive before answering: the fields, and each text that only they hold. */
  hidden: string[];
  secrets(payload: Payload): string[];
}

const games: Game[] = [
  {
    game: 'emoji_movie',
    blind: () => 'Definitely Not A Film',
    // Lower case, no leading article, a trailing "!": still right.
    right: (p) =>
      `${String(p.movie_title)
        .replace(/^(the|an|a) /i, '')
        .toLowerCase()}!`,
    hidden: ['movie_title', 'alternate_titles'],
    secrets: (p) => [String(p.movie_title), ...((p.alternate_titles as string[] | undefined) ?? [])],
  },
  {
    game: 'couple_quiz',
    blind: (p) => (p.options as string[])[0],
    right: (p) => String(p.correct_answer).toUpperCase(),
    hidden: ['correct_answer', 'explanation'],
    // The correct answer is one of the options everyone sees; what only an answered player holds is which one, and why.
    secrets: (p) => (p.explanation ? [String(p.explanation)] : []),
  },
];

/** Everything a socket receives, to prove later that it got nothing it should not. */
function record(socket: Socket) {
  const seen: unknown[] = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  return seen;
}
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
const join = (socket: Socket, sessionId: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit('session:join', { sessionId }, resolve));

/** Fails naming what leaked: a hidden field, or a secret text as a JSON string anywhere in what was received. */
function expectHidden(received: unknown, g: Game, payload: Payload, what: string) {
  const text = JSON.stringify(received);
  for (const field of g.hidden) expect(text, `${what}: field ${field}`).not.toContain(`"${field}"`);
  for (const secret of g.secrets(payload)) expect(text, `${what}: ${secret}`).not.toContain(secret.length > 3 ? secret : JSON.stringify(secret));
}

describe.each(games)('a $game session', (g) => {
  it('runs on the free level to completion, scoring each player, hiding the solution until each has answered', async () => {
    const { t } = app;
    const [host, guest, stranger] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await linkPartners(t.app, host, guest);
    const snapshot = async (u: TestUser, id: string) => {
      const res = await t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: u.cookie } });
      return { status: res.statusCode, body: res.json() };
    };
    const answer = async (u: TestUser, id: string, body: unknown) => {
      const res = await post(t.app, `/api/sessions/${id}/answers`, body, u.cookie);
      return { status: res.statusCode, body: res.json() };
    };

    const id = await startSession(t.app, host, g.game);
    const [hostSocket, guestSocket] = await Promise.all([app.connect(host.cookie), app.connect(guest.cookie)]);
    expect((await join(hostSocket, id)).ok).toBe(true);
    expect((await join(guestSocket, id)).ok).toBe(true);
    const first = await snapshot(guest, id);
    expect(first.body).toMatchObject({ game: g.game, role: 'partner', level: { number: 1 }, scores: null });
    expect(first.body.itemCount).toBe(10);

    // A stranger is refused everywhere, before and during play.
    for (const res of [await snapshot(stranger, id), await answer(stranger, id, { answer: 'x' })]) expect([res.status, res.body.error.message]).toEqual([403, ACCESS_DENIED]);
    expect((await join(await app.connect(stranger.cookie), id)).ok).toBe(false);

    let hostScore = 0;
    for (let i = 0; i < first.body.itemCount; i++) {
      const heardByGuest = record(guestSocket);
      const heardByHost = record(hostSocket);
      const hostBefore = await snapshot(host, id);
      const guestBefore = await snapshot(guest, id);
      const itemId = hostBefore.body.current.id;
      expectHidden([hostBefore, guestBefore], g, solution(g, hostBefore.body.current.payload), `item ${i} before answering`);

      // The host answers blind; the reply is the host's view, the whole item; the guest hears only that they answered.
      const guestHears = next<{ bothAnswered: boolean; answer: unknown }>(guestSocket, 'session:answered');
      const hostAnswer = g.blind(hostBefore.body.current.payload);
      const hostReply = await answer(host, id, { itemId, answer: hostAnswer });
      expect(hostReply.status).toBe(200);
      const payload = hostReply.body.live.current.payload as Payload;
      for (const field of g.hidden.slice(0, 1)) expect(payload[field], field).toBeTruthy();
      expect(await guestHears).toMatchObject({ bothAnswered: false, answer: null });
      const guestWaiting = await snapshot(guest, id);
      expect(guestWaiting.body.answers).toMatchObject({ mine: null, partner: null, partnerAnswered: true, bothAnswered: false });
      expectHidden([hostBefore, guestBefore, guestWaiting, heardByGuest], g, payload, `item ${i} before answering`);
      // Any other second answer is refused (even the same option in other letters): the host has seen the solution. The
      // same text again (a retry whose reply was lost) is fine.
      const again = await answer(host, id, { itemId, answer: g.right(payload) });
      expect([again.status, again.body.error?.message]).toEqual([409, ANSWER_FINAL]);
      expect((await answer(host, id, { itemId, answer: hostAnswer })).status).toBe(200);

      // The guest answers right; the reply holds the solution and both answers.
      const guestReply = await answer(guest, id, { itemId, answer: g.right(payload) });
      expect(guestReply.status).toBe(200);
      expect(guestReply.body.live.current.payload).toEqual(payload);
      expect(guestReply.body.live.answers).toMatchObject({ mine: g.right(payload), partner: hostAnswer, bothAnswered: true });
      const final = await answer(guest, id, { itemId, answer: g.blind(payload) });
      expect([final.status, final.body.error.message]).toEqual([409, ANSWER_FINAL]);
      if (g.game === 'couple_quiz' && hostAnswer === payload.correct_answer) hostScore += 1;
      // Only forward: Previous and Shuffle would land on an item whose solution both have seen, to be answered again.
      if (i === 1)
        for (const move of ['prev', 'shuffle']) {
          const res = await post(t.app, `/api/sessions/${id}/${move}`, {}, host.cookie);
          expect([res.statusCode, res.json().error.message]).toEqual([409, FORWARD_ONLY]);
        }

      // The host's Next: its event carries the next item, hidden from both until they answer.
      const moved = next<{ live: { current: { payload: Payload } | null } }>(guestSocket, 'session:updated');
      expect((await post(t.app, `/api/sessions/${id}/next`, {}, host.cookie)).statusCode).toBe(200);
      const live = (await moved).live;
      if (live.current) expectHidden([live, heardByHost], g, solution(g, live.current.payload), `item ${i + 1} after Next`);
    }

    const [doneHost, doneGuest] = await Promise.all([snapshot(host, id), snapshot(guest, id)]);
    const expected = { [host.id]: hostScore, [guest.id]: 10 };
    expect(doneHost.body).toMatchObject({ session: { status: 'completed' }, scores: expected });
    expect(doneGuest.body.scores).toEqual(expected);
    expect(verdict(doneGuest.body.scores[guest.id], doneGuest.body.scores[host.id])).toBe(hostScore === 10 ? "It's a tie!" : 'You win!');
    expect(verdict(doneHost.body.scores[host.id], doneHost.body.scores[guest.id])).toBe(hostScore === 10 ? "It's a tie!" : 'Your partner wins!');
  });
});
