import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { type TestApp, type TestUser, TEST_ORIGIN, createTestApp, createUser, post, startSession } from '../../test/app';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function connect(user: TestUser | null, origin = TEST_ORIGIN): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin, ...(user ? { cookie: user.cookie } : {}) },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Everything a socket receives, to prove later that it got nothing it should not. */
function record(socket: Socket) {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  return seen;
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe('realtime connections', () => {
  it('refuses a connection without a valid session cookie', async () => {
    await expect(connect(null)).rejects.toThrow(messages.auth.notAuthenticated);
    await expect(connect({ cookie: 'twogether.session_token=forged' } as TestUser)).rejects.toThrow(messages.auth.notAuthenticated);
  });

  it('refuses a connection from another origin', async () => {
    const user = await createUser(t.app);
    await expect(connect(user, 'https://evil.example')).rejects.toThrow();
  });

  it('tells both partners when they link and unlink, and nobody else', async () => {
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const [sa, sb, sc] = await Promise.all([connect(a), connect(b), connect(c)]);
    const seenByC = record(sc);

    const { token } = (await post(t.app, '/api/partner/invites', {}, a.cookie)).json();
    const linkedA = next<{ partner: { id: string } }>(sa, 'partner:changed');
    const linkedB = next<{ partner: { id: string } }>(sb, 'partner:changed');
    await post(t.app, '/api/partner/invites/accept', { token }, b.cookie);
    expect((await linkedA).partner.id).toBe(b.id);
    expect((await linkedB).partner.id).toBe(a.id);

    const unlinkedA = next<{ partner: null }>(sa, 'partner:changed');
    await post(t.app, '/api/partner/unlink', {}, b.cookie);
    expect((await unlinkedA).partner).toBeNull();
    expect(seenByC).toEqual([]);
  });

  it('delivers a session invite to the receiver only, and its update to both', async () => {
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const { token } = (await post(t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(t.app, '/api/partner/invites/accept', { token }, b.cookie);
    const [sa, sb, sc] = await Promise.all([connect(a), connect(b), connect(c)]);
    const seenByA = record(sa);
    const seenByC = record(sc);

    const received = next<{ invite: { id: string; sessionId: string } }>(sb, 'invite:received');
    const sessionId = await startSession(t.app, a);
    const sent = (await post(t.app, '/api/session-invites', { sessionId }, a.cookie)).json();
    expect((await received).invite).toMatchObject({ id: sent.invite.id, sessionId });

    const updatedForA = next<{ status: string }>(sa, 'invite:updated');
    await t.app.inject({ method: 'PATCH', url: `/api/session-invites/${sent.invite.id}`, headers: { cookie: b.cookie, origin: TEST_ORIGIN }, payload: { status: 'rejected' } });
    expect((await updatedForA).status).toBe('rejected');
    expect(seenByA.map((e) => e.event)).toEqual(['invite:updated']);
    expect(seenByC).toEqual([]);
  });

  it("tells the partner live when an account is deleted", async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const { token } = (await post(t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(t.app, '/api/partner/invites/accept', { token }, b.cookie);
    const sb = await connect(b);
    const unlinked = next<{ partner: null }>(sb, 'partner:changed');
    await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: a.cookie, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect((await unlinked).partner).toBeNull();
  });

  it('reaches every open tab of a user', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const [tab1, tab2] = await Promise.all([connect(b), connect(b)]);
    const both = Promise.all([next(tab1, 'partner:changed'), next(tab2, 'partner:changed')]);
    const { token } = (await post(t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(t.app, '/api/partner/invites/accept', { token }, b.cookie);
    expect(await both).toHaveLength(2);
  });
});

describe('session rooms', () => {
  const join = (socket: Socket, sessionId: unknown) =>
    new Promise<{ ok: boolean; userIds?: string[]; error?: string }>((resolve) => socket.emit('session:join', { sessionId }, resolve));

  it('lets the creator and the partner join, with presence for both, and refuses anyone else', async () => {
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const { token } = (await post(t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(t.app, '/api/partner/invites/accept', { token }, b.cookie);
    const sessionId = await startSession(t.app, a);
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

    // A's answer reaches B's room, and never C.
    const answered = next<{ userId: string; bothAnswered: boolean }>(sb, 'session:answered');
    await post(t.app, `/api/sessions/${sessionId}/answers`, { answer: 'a' }, a.cookie);
    expect(await answered).toMatchObject({ userId: a.id, bothAnswered: false });

    // B leaves: A sees presence drop to one.
    const left = next<{ userIds: string[] }>(sa, 'session:presence');
    sb.disconnect();
    expect((await left).userIds).toEqual([a.id]);
    expect(seenByC).toEqual([]);
  });

  it('drops the former partner from the room when they unlink', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const { token } = (await post(t.app, '/api/partner/invites', {}, a.cookie)).json();
    await post(t.app, '/api/partner/invites/accept', { token }, b.cookie);
    const sessionId = await startSession(t.app, a);
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    await join(sa, sessionId);
    await join(sb, sessionId);
    const seenByB = record(sb);
    await post(t.app, '/api/partner/unlink', {}, a.cookie);
    await post(t.app, `/api/sessions/${sessionId}/answers`, { answer: 'a' }, a.cookie);
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByB.map((e) => e.event)).not.toContain('session:answered');
  });
});
