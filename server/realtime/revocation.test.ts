import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { type TestUser, TEST_ORIGIN, cookieFrom, createUser, linkPartners, post } from '../../test/app';
import { listeningApp } from '../../test/sockets';

/** A socket lives no longer than the login session it was opened with (issue 7, point 1). */
const app = listeningApp();
const connect = (cookie: string) => app.connect(cookie);

/** Resolves with the reason when the server closes the socket. */
const closedByServer = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

/** A second login of the same user: another device with its own session. */
async function signInAgain(user: TestUser): Promise<string> {
  const res = await post(app.t.app, '/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

const signOut = (cookie: string) => post(app.t.app, '/api/auth/sign-out', {}, cookie);

async function partnerEvent(socket: Socket, partner: TestUser) {
  const changed = new Promise((resolve) => socket.once('partner:changed', resolve));
  await post(app.t.app, '/api/partner/unlink', {}, partner.cookie);
  return changed;
}

describe('a socket whose login session ends', () => {
  it('is disconnected on sign-out, while the same user on another device stays connected', async () => {
    const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
    await linkPartners(app.t.app, a, b);
    const laptop = await connect(a.cookie);
    const phone = await connect(await signInAgain(a));
    const seenOnLaptop: string[] = [];
    laptop.onAny((event) => seenOnLaptop.push(event));

    const closed = closedByServer(laptop);
    await signOut(a.cookie);
    expect(await closed).toBe('io server disconnect');

    // The phone's session is alive: it still hears about the partner; the laptop hears nothing more.
    await partnerEvent(phone, b);
    expect(seenOnLaptop).toEqual([]);
    await expect(connect(a.cookie)).rejects.toThrow(messages.auth.notAuthenticated);
  });

  it('is disconnected when the password is reset', async () => {
    const user = await createUser(app.t.app);
    const socket = await connect(user.cookie);
    const closed = closedByServer(socket);
    await post(app.t.app, '/api/auth/request-password-reset', { email: user.email });
    const token = new URL(app.t.mails.findLast((m) => m.to === user.email)!.text.match(/https?:\/\/\S+/)![0]).pathname.split('/').pop()!;
    const reset = await post(app.t.app, '/api/auth/reset-password', { token, password: 'NewSunshine9', confirmPassword: 'NewSunshine9' });
    expect(reset.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('is disconnected when the account is deleted', async () => {
    const user = await createUser(app.t.app);
    const socket = await connect(user.cookie);
    const closed = closedByServer(socket);
    await app.t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: user.cookie, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(await closed).toBe('io server disconnect');
  });
});
