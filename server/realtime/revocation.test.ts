import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { type TestApp, type TestUser, TEST_ORIGIN, cookieFrom, createTestApp, createUser, linkPartners, post } from '../../test/app';

/** A socket lives no longer than the login session it was opened with (issue 7, point 1). */
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

function connect(cookie: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: TEST_ORIGIN, cookie } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves with the reason when the server closes the socket. */
const closedByServer = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

/** A second login of the same user: another device with its own session. */
async function signInAgain(user: TestUser): Promise<string> {
  const res = await post(t.app, '/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

const signOut = (cookie: string) => post(t.app, '/api/auth/sign-out', {}, cookie);

async function partnerEvent(socket: Socket, partner: TestUser) {
  const changed = new Promise((resolve) => socket.once('partner:changed', resolve));
  await post(t.app, '/api/partner/unlink', {}, partner.cookie);
  return changed;
}

describe('a socket whose login session ends', () => {
  it('is disconnected on sign-out, while the same user on another device stays connected', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await linkPartners(t.app, a, b);
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
    const user = await createUser(t.app);
    const socket = await connect(user.cookie);
    const closed = closedByServer(socket);
    await post(t.app, '/api/auth/request-password-reset', { email: user.email });
    const token = new URL(t.mails.findLast((m) => m.to === user.email)!.text.match(/https?:\/\/\S+/)![0]).pathname.split('/').pop()!;
    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'NewSunshine9', confirmPassword: 'NewSunshine9' });
    expect(reset.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('is disconnected when the account is deleted', async () => {
    const user = await createUser(t.app);
    const socket = await connect(user.cookie);
    const closed = closedByServer(socket);
    await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: user.cookie, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(await closed).toBe('io server disconnect');
  });
});
