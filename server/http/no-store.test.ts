import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@core/contracts/endpoint';
import { type TestApp, type TestUser, TEST_ORIGIN, createTestApp, createUser, linkPartners, post, startSession } from '../../test/app';
import { contractEndpoints } from '../../test/contract-endpoints';

let t: TestApp;
let a: TestUser;
let ids: { session: string; sessionInvite: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  const [user, partner] = await Promise.all([createUser(t.app), createUser(t.app)]);
  a = user;
  await linkPartners(t.app, a, partner);
  const invitation = await post(t.app, '/api/session-invites', { sessionId: await startSession(t.app, partner) }, partner.cookie);
  ids = { session: await startSession(t.app, a), sessionInvite: invitation.json().invite.id };
});
afterAll(() => t.close());

const pathOf = (e: Endpoint) =>
  e.path.replace(/:(\w+)/g, (_, name: string) =>
    name === 'gameType' ? 'would_you_rather' : name === 'id' ? (e.path.startsWith('/api/session-invites') ? ids.sessionInvite : ids.session) : 'x',
  );
// What ends the viewer's login or link goes last, so every other request is the signed-in user's.
const LAST = ['/api/partner/unlink', '/api/auth/sign-out'];
const rank = (e: Endpoint) => LAST.indexOf(e.path);

describe('Cache-Control', () => {
  it('is no-store on the snapshot, which carries both partners’ answers', async () => {
    const res = await t.app.inject({ url: `/api/sessions/${ids.session}`, headers: { cookie: a.cookie } });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'no-store']);
  });

  it('is no-store on every answer of every contract endpoint, signed in, errors included', async () => {
    const endpoints = (await contractEndpoints()).filter((e) => t.app.hasRoute({ method: e.method, url: e.path })).sort((x, y) => rank(x) - rank(y));
    // The walk proves something only if it found the app's endpoints (there are over thirty).
    expect(endpoints.length).toBeGreaterThan(30);
    const missing: string[] = [];
    const signedOut: string[] = [];
    for (const e of endpoints) {
      // An empty body: enough to reach the route (most writes refuse it, which must say no-store too) without
      // deleting the account or answering for the viewer.
      const res = await t.app.inject({ method: e.method, url: pathOf(e), headers: { cookie: a.cookie, origin: TEST_ORIGIN }, ...(e.method === 'GET' ? {} : { payload: {} }) });
      if (res.headers['cache-control'] !== 'no-store') missing.push(`${e.method} ${e.path} → ${res.statusCode} ${res.headers['cache-control'] ?? '(none)'}`);
      if (e.auth === 'required' && res.statusCode === 401) signedOut.push(`${e.method} ${e.path}`);
    }
    expect(missing).toEqual([]);
    expect(signedOut).toEqual([]);
  });
});
