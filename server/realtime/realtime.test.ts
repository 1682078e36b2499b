import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { SessionAnsweredEvent, SessionSnapshot, SessionUpdatedEvent } from '@core/contracts/sessions';
import { messages } from '@core/messages';
import { applyAnswered, applyLive } from '@core/session-live';
import { type TestUser, TEST_ORIGIN, createUser, linkPartners, post, startSession } from '../../test/app';
import { listeningApp } from '../../test/sockets';

/** Shortened from the 5 s of production so the tests of presence stay quick. */
const GRACE_MS = 1_000;
const app = listeningApp({ presenceGraceMs: GRACE_MS });
const connect = (user: TestUser | null, origin?: string) => app.connect(user?.cookie ?? null, origin);

/** Everything a socket receives, to prove later that it got nothing it should not. */
function record(socket: Socket) {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  return seen;
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
const join = (socket: Socket, sessionId: unknown) =>
  new Promise<{ ok: boolean; userIds?: string[]; error?: string }>((resolve) => socket.emit('session:join', { sessionId }, resolve));

describe('realtime connections', () => {
  it('refuses a connection without a valid session cookie', async () => {
    await expect(connect(null)).rejects.toThrow(messages.auth.notAuthenticated);
    await expect(connect({ cookie: 'twogether.session_token=forged' } as TestUser)).rejects.toThrow(messages.auth.notAuthenticated);
  });

  it('refuses a connection from another origin', async () => {
    const user = await createUser(app.t.app);
    await expect(connect(user, 'https://evil.example')).rejects.toThrow();
  });

  it('tells both partners when they link and unlink, and nobody else', async () => {
    const [a, b, c] = await Promise.all([createUser(app.t.app), createUser(app.t.app), createUser(app.t.app)]);
    const [sa, sb, sc] = await Promise.all([connect(a), connect(b), connect(c)]);
    const seenByC = record(sc);

    const { token } = (await post(app.t.app, '/api/partner/invites', {}, a.cookie)).json();
    const linkedA = next<{ partner: { id: string } }>(sa, 'partner:changed');
    const linkedB = next<{ partner: { id: string } }>(sb, 'partner:changed');
    await post(app.t.app, '/api/partner/invites/accept', { token }, b.cookie);
    expect((await linkedA).partner.id).toBe(b.id);
    expect((await linkedB).partner.id).toBe(a.id);

    const unlinkedA = next<{ partner: null }>(sa, 'partner:changed');
    await post(app.t.app, '/api/partner/unlink', {}, b.cookie);
    expect((await unlinkedA).partner).toBeNull();
    expect(seenByC).toEqual([]);
  });

  it('delivers a session invite to the receiver only, and its update to both', async () => {
    const [a, b, c] = await Promise.all([createUser(app.t.app), createUser(app.t.app), createUser(app.t.app)]);
    const { token } = (await post(app.t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(app.t.app, '/api/partner/invites/accept', { token }, b.cookie);
    const [sa, sb, sc] = await Promise.all([connect(a), connect(b), connect(c)]);
    const seenByA = record(sa);
    const seenByC = record(sc);

    const received = next<{ invite: { id: string; sessionId: string } }>(sb, 'invite:received');
    const sessionId = await startSession(app.t.app, a);
    const sent = (await post(app.t.app, '/api/session-invites', { sessionId }, a.cookie)).json();
    expect((await received).invite).toMatchObject({ id: sent.invite.id, sessionId });

    const updatedForA = next<{ status: string }>(sa, 'invite:updated');
    await app.t.app.inject({ method: 'PATCH', url: `/api/session-invites/${sent.invite.id}`, headers: { cookie: b.cookie, origin: TEST_ORIGIN }, payload: { status: 'rejected' } });
    expect((await updatedForA).status).toBe('rejected');
    expect(seenByA.map((e) => e.event)).toEqual(['invite:updated']);
    expect(seenByC).toEqual([]);
  });

  it('tells the partner live when an account is deleted', async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    const { token } = (await post(app.t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(app.t.app, '/api/partner/invites/accept', { token }, b.cookie);
    const sb = await connect(b);
    const unlinked = next<{ partner: null }>(sb, 'partner:changed');
    await app.t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: a.cookie, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect((await unlinked).partner).toBeNull();
  });

  it('reaches every open tab of a user', async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    const [tab1, tab2] = await Promise.all([connect(b), connect(b)]);
    const both = Promise.all([next(tab1, 'partner:changed'), next(tab2, 'partner:changed')]);
    const { token } = (await post(app.t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(app.t.app, '/api/partner/invites/accept', { token }, b.cookie);
    expect(await both).toHaveLength(2);
  });
});

describe('session rooms', () => {
  it('lets the creator and the partner join, with presence for both, and refuses anyone else', async () => {
    const [a, b, c] = await Promise.all([createUser(app.t.app), createUser(app.t.app), createUser(app.t.app)]);
    const { token } = (await post(app.t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(app.t.app, '/api/partner/invites/accept', { token }, b.cookie);
    const sessionId = await startSession(app.t.app, a);
    const [sa, sb, sc] = await Promise.all([connect(a), connect(b), connect(c)]);

    expect(await join(sa, sessionId)).toMatchObject({ ok: true, userIds: [a.id] });
    const presence = next<{ userIds: string[] }>(sa, 'session:presence');
    const joined = await join(sb, sessionId);
    expect(joined.ok).toBe(true);
    expect(joined.userIds?.sort()).toEqual([a.id, b.id].sort());
    expect((await presence).userIds.sort()).toEqual([a.id, b.id].sort());

    const seenByC = record(sc);
    expect(await join(sc, sessionId)).toMatchObject({ ok: false, error: "You're not authorized to access this game session. Only the creator and their partner can join." });
    expect(await join(sc, 'garbage')).toMatchObject({ ok: false });

    // A's answer reaches B's room, and never C; nor A's own sockets (its reply carries the state, and its screens
    // ignore their echo), not even a second screen of A's in the room.
    const secondA = await connect(a);
    await join(secondA, sessionId);
    const seenByA = [record(sa), record(secondA)];
    const answered = next<{ userId: string; bothAnswered: boolean }>(sb, 'session:answered');
    await post(app.t.app, `/api/sessions/${sessionId}/answers`, { answer: 'a' }, a.cookie);
    expect(await answered).toMatchObject({ userId: a.id, bothAnswered: false });
    const bAnswers = Promise.all([next(sa, 'session:answered'), next(secondA, 'session:answered')]);
    await post(app.t.app, `/api/sessions/${sessionId}/answers`, { answer: 'b' }, b.cookie);
    await bAnswers; // B's answer reaches both of A's screens, after anything sent to them before it
    for (const seen of seenByA) expect(seen.filter((e) => e.event === 'session:answered').map((e) => (e.payload as { userId: string }).userId)).toEqual([b.id]);

    // B leaves the screen: A sees presence drop to one at once.
    const left = next<{ userIds: string[] }>(sa, 'session:presence');
    sb.emit('session:leave', { sessionId });
    expect((await left).userIds).toEqual([a.id]);
    expect(seenByC).toEqual([]);
  });

  it('announces a lost connection only after the grace, and a reload within it never', async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, a, b);
    const sessionId = await startSession(app.t.app, a);
    const sa = await connect(a);
    await join(sa, sessionId);
    const sb = await connect(b);
    const bArrived = next(sa, 'session:presence');
    await join(sb, sessionId);
    await bArrived;
    const heard: string[][] = [];
    sa.on('session:presence', (p: { userIds: string[] }) => heard.push([...p.userIds].sort()));

    // B reloads: the old connection drops, a new one joins within the grace.
    sb.disconnect();
    const reloaded = await connect(b);
    expect((await join(reloaded, sessionId)).userIds?.sort()).toEqual([a.id, b.id].sort());
    // The grace of the dropped connection ends with one more announcement: B is still there.
    await expect.poll(() => heard.length, { timeout: GRACE_MS * 5 }).toBeGreaterThanOrEqual(2);
    expect(heard.every((ids) => ids.includes(b.id))).toBe(true);

    // B goes for good: A hears it once the grace is over (presence.test.ts holds the "not before", on fake timers).
    const gone = new Promise<string[]>((resolve) => sa.on('session:presence', (p: { userIds: string[] }) => !p.userIds.includes(b.id) && resolve(p.userIds)));
    reloaded.disconnect();
    expect(await gone).toEqual([a.id]);
  });

  it('keeps both members in the room after they unlink, with nothing left to play', async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, a, b);
    const sessionId = await startSession(app.t.app, a);
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    await join(sa, sessionId);
    await join(sb, sessionId);
    const seenByB = record(sb);
    const unlinked = next(sb, 'partner:changed');
    await post(app.t.app, '/api/partner/unlink', {}, a.cookie);
    await unlinked;
    expect((await post(app.t.app, `/api/sessions/${sessionId}/answers`, { answer: 'a' }, a.cookie)).statusCode).toBe(409);
    expect(await join(sb, sessionId)).toMatchObject({ ok: true });
    const eventsB = seenByB.map((e) => e.event);
    // B's recorder heard the unlink, so the absence below is not an empty list's.
    expect(eventsB).toContain('partner:changed');
    expect(eventsB).not.toContain('session:answered');
  });
});

describe('session events carry state (docs/decisions/017)', () => {
  const snapshot = async (u: TestUser, id: string): Promise<SessionSnapshot> => (await app.t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: u.cookie } })).json();
  const applied = (result: ReturnType<typeof applyLive>) => {
    if (result.outcome !== 'applied') throw new Error(`expected the change to apply, got ${result.outcome}`);
    return result.snapshot;
  };

  it('keeps each screen equal to a fresh read from events and its own replies, revealing nothing early', async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, a, b);
    const sessionId = await startSession(app.t.app, a, 'emoji_movie');
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    await join(sa, sessionId);
    await join(sb, sessionId);
    let screenA = await snapshot(a, sessionId);
    let screenB = await snapshot(b, sessionId);
    const heardByB = record(sb);
    expect(screenA.current?.payload).not.toHaveProperty('movie_title');

    // A answers: A's reply shows the title to A; B hears only that A answered.
    const toB = next<SessionAnsweredEvent>(sb, 'session:answered');
    const replyA = (await post(app.t.app, `/api/sessions/${sessionId}/answers`, { answer: 'Not this film' }, a.cookie)).json();
    screenA = applied(applyLive(screenA, replyA.live));
    expect(screenA.current?.payload).toHaveProperty('movie_title');
    const eventB = await toB;
    expect(eventB).toMatchObject({ version: screenB.version + 1, bothAnswered: false, answer: null });
    screenB = applied(applyAnswered(screenB, eventB, b.id));
    expect(screenB).toEqual(await snapshot(b, sessionId));
    expect(JSON.stringify(heardByB)).not.toContain('Not this film');

    // B answers: the pair completes, each side sees the other's answer (A never hears the echo of its own).
    const toA = next<SessionAnsweredEvent>(sa, 'session:answered');
    const replyB = (await post(app.t.app, `/api/sessions/${sessionId}/answers`, { answer: 'Nor this one' }, b.cookie)).json();
    screenB = applied(applyLive(screenB, replyB.live));
    screenA = applied(applyAnswered(screenA, await toA, a.id));
    expect(screenA).toEqual(await snapshot(a, sessionId));
    expect(screenB).toEqual(await snapshot(b, sessionId));
    expect(screenA.answers).toMatchObject({ mine: 'Not this film', partner: 'Nor this one', bothAnswered: true });

    // The host moves on: one state for both, the next item redacted for both.
    const movedForB = next<SessionUpdatedEvent>(sb, 'session:updated');
    const moved = (await post(app.t.app, `/api/sessions/${sessionId}/next`, {}, a.cookie)).json();
    screenA = applied(applyLive(screenA, moved.live));
    screenB = applied(applyLive(screenB, (await movedForB).live));
    expect(screenA).toEqual(await snapshot(a, sessionId));
    expect(screenB).toEqual(await snapshot(b, sessionId));
    expect(screenB.current?.payload).not.toHaveProperty('movie_title');
    expect(screenB.version).toBe(eventB.version + 2);
  });
});
