import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { type TestUser, createUser, linkPartners, post, startSession } from '../../../test/app';
import { listeningApp } from '../../../test/sockets';

/** An invitation is answered by joining, however the partner comes, and ends with the session (docs/product/partners.md). */
const app = listeningApp();

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
const join = (socket: Socket, sessionId: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit('session:join', { sessionId }, resolve));
const bell = async (u: TestUser) => (await app.t.app.inject({ url: '/api/session-invites', headers: { cookie: u.cookie } })).json().invites as { id: string; sessionId: string }[];
const snapshot = (u: TestUser, id: string) => app.t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: u.cookie } });

async function invitedCouple() {
  const [host, guest] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
  await linkPartners(app.t.app, host, guest);
  const sessionId = await startSession(app.t.app, host);
  const sent = await post(app.t.app, '/api/session-invites', { sessionId }, host.cookie);
  expect(sent.statusCode).toBe(201);
  const inviteId: string = sent.json().invite.id;
  // In the bell before: its absence afterwards means the invitation ended.
  expect((await bell(guest)).map((i) => i.id)).toEqual([inviteId]);
  return { host, guest, sessionId, inviteId };
}

describe('a session invitation ends when it is answered', () => {
  it('by the partner opening the session: it leaves the bell live, on both sides', async () => {
    const { host, guest, sessionId, inviteId } = await invitedCouple();
    const [sh, sg] = await Promise.all([app.connect(host.cookie), app.connect(guest.cookie)]);
    // The host opening their own session answers nothing.
    expect((await snapshot(host, sessionId)).statusCode).toBe(200);
    expect((await bell(guest)).map((i) => i.id)).toEqual([inviteId]);

    const forGuest = next<{ inviteId: string; status: string }>(sg, 'invite:updated');
    const forHost = next<{ inviteId: string; status: string }>(sh, 'invite:updated');
    expect((await snapshot(guest, sessionId)).statusCode).toBe(200);
    expect(await forGuest).toEqual({ inviteId, status: 'accepted' });
    expect(await forHost).toEqual({ inviteId, status: 'accepted' });
    expect(await bell(guest)).toEqual([]);

    // A new invitation after that is a new one, not the accepted one sent again.
    const again = (await post(app.t.app, '/api/session-invites', { sessionId }, host.cookie)).json();
    expect([again.resent, again.invite.id === inviteId]).toEqual([false, false]);
  });

  it('by the partner joining the session room', async () => {
    const { guest, sessionId, inviteId } = await invitedCouple();
    const sg = await app.connect(guest.cookie);
    const ended = next<{ inviteId: string; status: string }>(sg, 'invite:updated');
    expect((await join(sg, sessionId)).ok).toBe(true);
    expect(await ended).toEqual({ inviteId, status: 'accepted' });
    expect(await bell(guest)).toEqual([]);
  });

  it('by the session completing, even when the partner never opened it', async () => {
    const { host, guest, sessionId, inviteId } = await invitedCouple();
    const sg = await app.connect(guest.cookie);
    const ended = next<{ inviteId: string; status: string }>(sg, 'invite:updated');
    const { itemCount } = (await snapshot(host, sessionId)).json();
    for (let i = 0; i < itemCount; i++) {
      for (const u of [host, guest]) expect((await post(app.t.app, `/api/sessions/${sessionId}/answers`, { answer: 'a' }, u.cookie)).statusCode).toBe(200);
      // Answering is not opening: the invitation stands until the end.
      if (i === 0) expect((await bell(guest)).map((inv) => inv.id)).toEqual([inviteId]);
      expect((await post(app.t.app, `/api/sessions/${sessionId}/next`, {}, host.cookie)).statusCode).toBe(200);
    }
    expect(await ended).toEqual({ inviteId, status: 'accepted' });
    expect(await bell(guest)).toEqual([]);
  });
});
