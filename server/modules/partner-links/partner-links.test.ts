import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { type TestApp, type TestUser, createTestApp, createUser, linkPartners, post } from '../../../test/app';
import { partnerInvites, users } from '../../db/schema';
import { systemClock } from '../../clock';
import { DomainError } from '../../domain-errors';
import { httpError } from '../../http/errors';
import { unlinkPartner } from './service';

const m = messages.partner;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const invite = async (u: TestUser) => (await post(t.app, '/api/partner/invites', {}, u.cookie)).json() as { token: string; url: string; expiresAt: string };
const accept = (u: TestUser | null, token: unknown) => post(t.app, '/api/partner/invites/accept', { token }, u?.cookie);
const lookup = (token?: string) => t.app.inject({ url: `/api/partner/invites/lookup${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}` });
/** The shape of a real token (43 base64url characters) that no invite has. */
const WELL_FORMED_UNKNOWN = 'A'.repeat(43);
const me = async (u: TestUser) => (await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user;

describe('partner invites', () => {
  it('makes a single-use link of 256 random bits that expires in 24 hours', async () => {
    const a = await createUser(t.app);
    const first = await invite(a);
    const second = await invite(a);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.url).toBe(`http://localhost:3000/invite/${first.token}`);
    expect(Math.round((new Date(first.expiresAt).getTime() - Date.now()) / 3_600_000)).toBe(24);
    const current = (await t.app.inject({ url: '/api/partner/invites/current', headers: { cookie: a.cookie } })).json();
    expect(current.invite.token).toBe(second.token);
  });

  it('makes a new link replace the open one: the old link is refused with the documented texts, the new one links', async () => {
    const a = await createUser(t.app, { username: 'first' });
    const b = await createUser(t.app);
    const old = await invite(a);
    const fresh = await invite(a);

    const lookedUp = await lookup(old.token);
    expect([lookedUp.statusCode, lookedUp.json().error.message]).toEqual([404, m.inviteInvalid]);
    const refused = await accept(b, old.token);
    expect([refused.statusCode, refused.json().error.message]).toEqual([404, m.invalidToken]);
    expect((await me(b)).partner).toBeNull();

    expect((await lookup(fresh.token)).json().sender).toEqual({ id: a.id, username: 'first' });
    expect((await accept(b, fresh.token)).statusCode).toBe(200);
    expect((await me(a)).partner).toMatchObject({ id: b.id });
  });

  it('looks up the sender, and explains every way a link can fail', async () => {
    const a = await createUser(t.app, { username: 'anna' });
    const { token } = await invite(a);
    expect((await lookup(token)).json().sender).toEqual({ id: a.id, username: 'anna' });

    expect((await lookup()).json().error.message).toBe(m.noToken);
    expect((await lookup('')).json().error.message).toBe(m.noToken);
    const unknown = await lookup(WELL_FORMED_UNKNOWN);
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, m.inviteInvalid]);
    for (const malformed of ['nope', `${token}x`, `${token.slice(1)}\u0000`, `${token.slice(1)}=`]) {
      const res = await lookup(malformed);
      expect([res.statusCode, res.json().error.message]).toEqual([400, m.inviteInvalid]);
    }

    await t.database.db
      .update(partnerInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerInvites.token, token));
    const expired = await lookup(token);
    expect([expired.statusCode, expired.json().error.message]).toEqual([410, m.inviteExpired]);

    const { token: fresh } = await invite(a);
    // Linked through someone else's link: a new link of a's own would have replaced this one.
    await linkPartners(t.app, await createUser(t.app), a);
    const taken = await lookup(fresh);
    expect([taken.statusCode, taken.json().error.message]).toEqual([409, m.senderPartnered]);
  });

  it('names the inviter of an expired or used link while they can make a new one, and no one for an unknown token', async () => {
    const inviter = (token?: string) => t.app.inject({ url: `/api/partner/invites/inviter${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}` });
    const sam = await createUser(t.app, { username: 'sam' });
    const { token } = await invite(sam);
    await t.database.db
      .update(partnerInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerInvites.token, token));
    // The lookup's refusal stands as it was; the name comes beside it.
    expect((await lookup(token)).statusCode).toBe(410);
    const expired = await inviter(token);
    expect([expired.statusCode, expired.json()]).toEqual([200, { inviter: 'sam' }]);

    for (const unknown of [undefined, '', 'nope', WELL_FORMED_UNKNOWN]) expect((await inviter(unknown)).json()).toEqual({ inviter: null });

    // Used: the sender has a partner now and cannot make a new link, so no one is named.
    const { token: used } = await invite(sam);
    expect((await accept(await createUser(t.app), used)).statusCode).toBe(200);
    expect((await lookup(used)).statusCode).toBe(404);
    expect((await inviter(used)).json()).toEqual({ inviter: null });
    // Unlinked again, they can: the used link names them.
    expect((await post(t.app, '/api/partner/unlink', {}, sam.cookie)).statusCode).toBe(200);
    expect((await inviter(used)).json()).toEqual({ inviter: 'sam' });
  });

  it('links both accounts on accept, with linked_at, and shows the partner on both sides', async () => {
    const a = await createUser(t.app, { username: 'romeo' });
    const b = await createUser(t.app, { username: 'juliet' });
    const { token } = await invite(a);
    const res = await accept(b, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().partner).toEqual({ id: a.id, username: 'romeo' });
    expect((await me(a)).partner).toMatchObject({ id: b.id, username: 'juliet' });
    expect((await me(b)).partner).toMatchObject({ id: a.id, username: 'romeo' });
    const rows = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(rows[0].linkedAt).toBeInstanceOf(Date);
    const [used] = await t.database.db.select().from(partnerInvites).where(eq(partnerInvites.token, token));
    expect(used).toMatchObject({ status: 'accepted', receiverId: b.id });
  });

  it('refuses every invalid accept with the documented text', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const { token } = await invite(a);

    const anonymous = await accept(null, token);
    expect([anonymous.statusCode, anonymous.json().error.message]).toEqual([401, messages.auth.notAuthenticated]);
    const own = await accept(a, token);
    expect([own.statusCode, own.json().error.message]).toEqual([400, m.ownInvite]);
    const bad = await accept(b, WELL_FORMED_UNKNOWN);
    expect([bad.statusCode, bad.json().error.message]).toEqual([404, m.invalidToken]);
    for (const malformed of ['not-a-token', `${token.slice(1)}\ud800`, `${token.slice(1)}\u0000`]) {
      const res = await accept(b, malformed);
      expect([res.statusCode, res.json().error.message]).toEqual([400, m.invalidToken]);
    }
    expect((await accept(b, '')).json().error.message).toBe(m.noToken);
    expect((await accept(b, 42)).json().error.message).toBe(m.noToken);

    const c = await createUser(t.app);
    const d = await createUser(t.app);
    await linkPartners(t.app, c, d);
    const partnered = await accept(c, token);
    expect([partnered.statusCode, partnered.json().error.message]).toEqual([409, m.alreadyPartnered]);

    await t.database.db
      .update(partnerInvites)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(partnerInvites.token, token));
    const expired = await accept(b, token);
    expect([expired.statusCode, expired.json().error.message]).toEqual([404, m.invalidToken]);
    expect((await me(b)).partner).toBeNull();
  });

  it('lets exactly one of 50 concurrent accepts of one token succeed', async () => {
    const sender = await createUser(t.app);
    const { token } = await invite(sender);
    const takers = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    const results = await Promise.all(takers.map((u) => accept(u, token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const linked = await t.database.db.select({ id: users.id }).from(users).where(eq(users.partnerId, sender.id));
    expect(linked).toHaveLength(1);
  });

  it('makes one link when two people accept each other’s invites at the same moment', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const [ia, ib] = await Promise.all([invite(a), invite(b)]);
    const [r1, r2] = await Promise.all([accept(b, ia.token), accept(a, ib.token)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const [ma, mb] = await Promise.all([me(a), me(b)]);
    expect(ma.partner.id).toBe(b.id);
    expect(mb.partner.id).toBe(a.id);
  });

  it('never forms a triangle when three cross-accept at once', async () => {
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    const [ia, ib, ic] = await Promise.all([invite(a), invite(b), invite(c)]);
    await Promise.all([accept(b, ia.token), accept(c, ib.token), accept(a, ic.token)]);
    const rows = await t.database.db.select({ id: users.id, partnerId: users.partnerId }).from(users).where(eq(users.id, a.id));
    const all = await Promise.all([a, b, c].map(me));
    for (const u of all) {
      if (u.partner) expect(all.find((x) => x.id === u.partner.id)?.partner?.id).toBe(u.id);
    }
    expect(all.filter((u) => u.partner)).toHaveLength(2);
    expect(rows).toHaveLength(1);
  });
});

describe('unlinking', () => {
  it('unlinks both sides, and the used token stays used', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const { token } = await invite(a);
    await accept(b, token);
    const res = await post(t.app, '/api/partner/unlink', {}, b.cookie);
    expect(res.statusCode).toBe(200);
    expect((await me(a)).partner).toBeNull();
    expect((await me(b)).partner).toBeNull();
    const reuse = await accept(b, token);
    expect([reuse.statusCode, reuse.json().error.message]).toEqual([404, m.invalidToken]);
  });

  it('refuses when not partnered', async () => {
    const a = await createUser(t.app);
    const res = await post(t.app, '/api/partner/unlink', {}, a.cookie);
    expect([res.statusCode, res.json().error.message]).toEqual([409, m.notPartnered]);
  });

  it("answers with the spec's text when the asker's own profile cannot be read", async () => {
    // Reachable only in a race (the account deleted while its request is in flight), so asked of the service.
    const refusal = await unlinkPartner(t.database.db, systemClock, 'no-such-user').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(DomainError);
    const res = httpError(refusal as DomainError);
    expect([res.status, res.message]).toEqual([404, m.profileFetchFailed]);
    expect(m.profileFetchFailed).toBe('Could not fetch your profile.');
  });

  it('unlinks the partner when an account is deleted', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await linkPartners(t.app, a, b);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: a.cookie, origin: 'http://localhost:3000' }, payload: { confirm: true } });
    expect(del.statusCode).toBe(200);
    expect((await me(b)).partner).toBeNull();
  });
});
