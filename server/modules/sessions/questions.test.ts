import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { type TestUser, createUser, linkPartners, post, startSession } from '../../../test/app';
import { listeningApp } from '../../../test/sockets';
import { ACCESS_DENIED, ANSWER_REVEALED, LEVEL_GOLD } from './errors';

const app = listeningApp();

const snapshot = async (u: TestUser, id: string) => {
  const res = await app.t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: u.cookie } });
  return { status: res.statusCode, body: res.json() };
};
const answer = async (u: TestUser, id: string, body: unknown) => {
  const res = await post(app.t.app, `/api/sessions/${id}/answers`, body, u.cookie);
  return { status: res.statusCode, body: res.json() };
};
const linkAndJoin = async (u: TestUser, id: string) => {
  const res = await post(app.t.app, `/api/sessions/${id}/link-and-join`, {}, u.cookie);
  return { status: res.statusCode, body: res.json() };
};
const me = async (u: TestUser) => (await app.t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user;
const dashboard = async (u: TestUser) => (await app.t.app.inject({ url: '/api/dashboard', headers: { cookie: u.cookie } })).json();
const join = (socket: Socket, sessionId: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit('session:join', { sessionId }, resolve));
const next = <T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true) =>
  new Promise<T>((resolve) => {
    const listener = (payload: T) => {
      if (!match(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

describe('a question session', () => {
  it('runs a level: answers private until both answered, editable until then, revealed, completed for both', async () => {
    const [host, guest, stranger] = await Promise.all([createUser(app.t.app), createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, host, guest);
    const id = await startSession(app.t.app, host, 'questions');
    const [hostSocket, guestSocket] = await Promise.all([app.connect(host.cookie), app.connect(guest.cookie)]);
    expect((await join(hostSocket, id)).ok).toBe(true);
    expect((await join(guestSocket, id)).ok).toBe(true);
    const first = await snapshot(guest, id);
    expect(first.body).toMatchObject({ game: 'questions', role: 'partner', scores: null });
    const count = first.body.itemCount as number;
    expect(count).toBeGreaterThanOrEqual(10);

    // A stranger is refused on every endpoint and the room.
    for (const res of [await snapshot(stranger, id), await answer(stranger, id, { answer: 'hi' }), await linkAndJoin(stranger, id)]) {
      expect([res.status, res.body.error.message]).toEqual([403, ACCESS_DENIED]);
    }
    for (const move of ['next', 'prev', 'shuffle']) expect((await post(app.t.app, `/api/sessions/${id}/${move}`, {}, stranger.cookie)).statusCode).toBe(403);
    expect((await join(await app.connect(stranger.cookie), id)).ok).toBe(false);

    // Bad input: empty, blank, over-long, NUL, wrong type: 400 with a clear text, nothing written.
    for (const bad of ['', '   ', 'x'.repeat(1001), 'a\u0000b', 42, { text: 'hi' }]) {
      const res = await answer(host, id, { answer: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    expect((await snapshot(host, id)).body.answers.mine).toBeNull();

    for (let i = 0; i < count; i++) {
      const itemId = (await snapshot(host, id)).body.current.id;
      const secret = `My first thought for ${i}, only for you`;
      // The host answers, then changes their mind: the guest hears only that they answered, never the words.
      const heard: unknown[] = [];
      guestSocket.onAny((event, payload) => heard.push({ event, payload }));
      expect((await answer(host, id, { itemId, answer: 'draft' })).status).toBe(200);
      const edited = await answer(host, id, { itemId, answer: secret });
      expect(edited.status).toBe(200);
      expect(edited.body.live.answers).toMatchObject({ mine: secret, partner: null, bothAnswered: false });
      const guestBefore = await snapshot(guest, id);
      expect(guestBefore.body.answers).toMatchObject({ mine: null, partner: null, partnerAnswered: true });
      expect(JSON.stringify([guestBefore, heard])).not.toContain('draft');
      expect(JSON.stringify([guestBefore, heard])).not.toContain(secret);
      guestSocket.offAny();

      // The guest answers: both see both answers; the host hears the guest's answer with the event.
      const hostHears = next<{ bothAnswered: boolean; answer: unknown; userId: string }>(hostSocket, 'session:answered', (e) => e.userId === guest.id);
      const guestReply = await answer(guest, id, { itemId, answer: `  Mine is ${i}  ` });
      expect(guestReply.body.live.answers).toMatchObject({ mine: `Mine is ${i}`, partner: secret, bothAnswered: true });
      expect(await hostHears).toMatchObject({ bothAnswered: true, answer: `Mine is ${i}` });
      // Revealed answers stand: a change is refused; the same words again (a lost reply's retry) are fine.
      if (i === 0) {
        const change = await answer(host, id, { itemId, answer: 'on second thought' });
        expect([change.status, change.body.error.message]).toEqual([409, ANSWER_REVEALED]);
        expect((await answer(guest, id, { itemId, answer: `Mine is ${i}` })).status).toBe(200);
        expect((await snapshot(host, id)).body.answers.partner).toBe(`Mine is ${i}`);
      }
      expect((await post(app.t.app, `/api/sessions/${id}/next`, {}, host.cookie)).statusCode).toBe(200);
    }

    const done = await snapshot(guest, id);
    expect(done.body).toMatchObject({ session: { status: 'completed' }, scores: null });
    // Completion counts for both, and the dashboard counts the session and the answers.
    for (const u of [host, guest]) {
      const d = await dashboard(u);
      expect(d.counts.questions).toBe(1);
      expect(d.questionsAnswered).toBeGreaterThanOrEqual(count);
      expect(d.recent.map((r: { id: string }) => r.id)).toContain(id);
    }
  });

  it('opens only the free level to a free couple', async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, a, b);
    const { categories } = (await app.t.app.inject({ url: '/api/games/questions/categories', headers: { cookie: a.cookie } })).json();
    const levels = categories.flatMap((c: { icon: string | null; levels: { id: string; lock: string; free: boolean }[] }) => c.levels);
    expect(categories.length).toBeGreaterThanOrEqual(10);
    expect(categories.every((c: { icon: string | null }) => typeof c.icon === 'string')).toBe(true);
    expect(levels.filter((l: { lock: string }) => l.lock === 'open')).toHaveLength(1);
    const premium = levels.find((l: { lock: string }) => l.lock === 'gold');
    const res = await post(app.t.app, '/api/sessions', { levelId: premium.id }, a.cookie);
    expect([res.statusCode, res.json().error.message]).toEqual([402, LEVEL_GOLD]);
  });
});

describe('the consented link of a question session', () => {
  async function soloSession() {
    const [creator, visitor] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    return { creator, visitor, id: await startSession(app.t.app, creator, 'questions') };
  }

  it('asks an unpartnered visitor; no changes nothing, yes links them and seats them as the guest', async () => {
    const { creator, visitor, id } = await soloSession();
    const offer = await snapshot(visitor, id);
    expect([offer.status, offer.body.error]).toEqual([403, { code: 'LINK_OFFER', message: messages.session.linkOffer(creator.username) }]);
    // Asking is not consenting: nothing changed, and the room is still closed.
    expect((await me(visitor)).partner).toBeNull();
    expect((await join(await app.connect(visitor.cookie), id)).ok).toBe(false);

    const creatorHears = next<{ partner: { id: string } }>(await app.connect(creator.cookie), 'partner:changed');
    const yes = await linkAndJoin(visitor, id);
    expect(yes.status).toBe(200);
    expect(yes.body.partner).toEqual({ id: creator.id, username: creator.username });
    expect((await creatorHears).partner.id).toBe(visitor.id);
    expect((await me(visitor)).partner.id).toBe(creator.id);
    expect((await me(creator)).partner.id).toBe(visitor.id);
    const seated = await snapshot(visitor, id);
    expect(seated.body).toMatchObject({ role: 'partner', partner: { id: visitor.id } });
    expect((await answer(visitor, id, { answer: 'Here I am' })).status).toBe(200);
    // Saying yes again is no longer an offer: they are the guest now.
    expect((await linkAndJoin(visitor, id)).status).toBe(403);
  });

  it('denies when the creator has another partner, or the visitor has one', async () => {
    const { creator, visitor, id } = await soloSession();
    const other = await createUser(app.t.app);
    const [partnered, theirPartner] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, partnered, theirPartner);
    // A partnered visitor is never offered anything.
    for (const res of [await snapshot(partnered, id), await linkAndJoin(partnered, id)]) expect([res.status, res.body.error.code]).toEqual([403, 'ACCESS_DENIED']);
    // The creator links with someone else: that partner takes the seat, and the visitor gets the denial.
    await linkPartners(app.t.app, creator, other);
    for (const res of [await snapshot(visitor, id), await linkAndJoin(visitor, id)]) expect([res.status, res.body.error.message]).toEqual([403, ACCESS_DENIED]);
    expect((await snapshot(other, id)).body.role).toBe('partner');
  });

  it('never for a game session', async () => {
    const [creator, visitor] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    const id = await startSession(app.t.app, creator, 'would_you_rather');
    for (const res of [await snapshot(visitor, id), await linkAndJoin(visitor, id)]) expect([res.status, res.body.error.code]).toEqual([403, 'ACCESS_DENIED']);
    expect((await me(visitor)).partner).toBeNull();
  });

  it('links once when two visitors say yes at the same moment', async () => {
    const { creator, id } = await soloSession();
    const visitors = await Promise.all([createUser(app.t.app), createUser(app.t.app), createUser(app.t.app)]);
    const results = await Promise.all(visitors.map((v) => linkAndJoin(v, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const winner = visitors[results.findIndex((r) => r.status === 200)];
    expect((await me(creator)).partner.id).toBe(winner.id);
    const partners = await Promise.all(visitors.map(async (v) => (await me(v)).partner?.id ?? null));
    expect(partners.filter(Boolean)).toEqual([creator.id]);
  });

  it('answers 404 for an unknown or malformed session', async () => {
    const visitor = await createUser(app.t.app);
    expect((await linkAndJoin(visitor, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await linkAndJoin(visitor, 'not-a-uuid')).status).toBe(404);
    expect((await post(app.t.app, '/api/sessions/00000000-0000-4000-8000-000000000000/link-and-join', {})).statusCode).toBe(401);
  });
});
