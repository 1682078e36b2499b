import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { messages } from '@core/messages';
import { type Clock, systemClock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { partnerInvites, users } from '../../db/schema';
import { PARTNER_INVITE_LIFETIME_HOURS } from '@core/limits';
import { refuse } from '../../domain-errors';

const m = messages.partner;
export const INVITE_LIFETIME_MS = PARTNER_INVITE_LIFETIME_HOURS * 60 * 60 * 1000;

/** 256 bits from the system's CSPRNG, URL-safe (docs/product/partners.md#partner-invite-links). */
export const newInviteToken = () => randomBytes(32).toString('base64url');
/** What newInviteToken makes: 32 bytes are 43 base64url characters. Anything else is refused before a lookup. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A malformed token is answered like an unknown one, with the same text, but as the bad request it is. */
function checkTokenShape(token: string, message: string) {
  if (!INVITE_TOKEN_PATTERN.test(token)) throw refuse('INVITE_MALFORMED', message);
}

export async function createInvite(db: Db, clock: Clock, userId: string): Promise<{ token: string; expiresAt: string }> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, userId)).for('update');
    if (!me) throw refuse('PROFILE_UNREADABLE');
    if (me.partnerId) throw refuse('ALREADY_PARTNERED');
    // Only the newest link works (docs/product/partners.md#partner-invite-links): one leaked or forgotten earlier can
    // no longer link anyone. Its row goes, so it reads as unknown ('Invalid or expired invite'); the lock above orders
    // this against an accept.
    await tx.delete(partnerInvites).where(and(eq(partnerInvites.senderId, userId), eq(partnerInvites.status, 'pending')));
    const token = newInviteToken();
    const createdAt = clock.now();
    const expiresAt = new Date(createdAt.getTime() + INVITE_LIFETIME_MS);
    await tx.insert(partnerInvites).values({ token, senderId: userId, createdAt, expiresAt });
    return { token, expiresAt: expiresAt.toISOString() };
  });
}

/**
 * What the invite landing page shows: who invited you, or why the link no longer works
 * (docs/product/partners.md#opening-a-link).
 */
export async function lookupInvite(db: Db, clock: Clock, token: string | undefined) {
  if (!token) throw refuse('NO_TOKEN');
  checkTokenShape(token, m.inviteInvalid);
  const [row] = await db
    .select({ status: partnerInvites.status, expiresAt: partnerInvites.expiresAt, senderId: users.id, senderName: users.name, senderPartner: users.partnerId })
    .from(partnerInvites)
    .leftJoin(users, eq(users.id, partnerInvites.senderId))
    .where(eq(partnerInvites.token, token));
  if (!row || row.status !== 'pending') throw refuse('INVITE_INVALID');
  if (row.expiresAt <= clock.now()) throw refuse('INVITE_EXPIRED');
  if (!row.senderId) throw refuse('SENDER_UNREADABLE');
  if (row.senderPartner) throw refuse('SENDER_PARTNERED');
  return { sender: { id: row.senderId, username: row.senderName! }, expiresAt: row.expiresAt.toISOString() };
}

/**
 * The username of whoever sent this token, while they have no partner and so can make a new link
 * (docs/product/partners.md#opening-a-link); null for a malformed or unknown token.
 */
export async function inviterOf(db: Db, token: string | undefined): Promise<string | null> {
  if (!token || !INVITE_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ name: users.name, partnerId: users.partnerId })
    .from(partnerInvites)
    .innerJoin(users, eq(users.id, partnerInvites.senderId))
    .where(eq(partnerInvites.token, token));
  return row && !row.partnerId ? row.name : null;
}

/** Both profiles, locked in id order so that two linkings touching the same people cannot deadlock. */
async function lockPair(tx: Tx, a: string, b: string) {
  const rows = await tx
    .select({ id: users.id, name: users.name, partnerId: users.partnerId })
    .from(users)
    .where(inArray(users.id, [a, b]))
    .orderBy(users.id)
    .for('update');
  return { first: rows.find((r) => r.id === a), second: rows.find((r) => r.id === b) };
}

/**
 * Links the two accounts in one transaction (docs/product/partners.md#linking): the invite row and both profiles are
 * locked, so of two accepts of one token, or two cross-invites accepted at once, exactly one links and the other is
 * refused.
 */
export async function acceptInvite(db: Db, clock: Clock, userId: string, token: string) {
  checkTokenShape(token, m.invalidToken);
  return db.transaction(async (tx) => {
    const [invite] = await tx.select().from(partnerInvites).where(eq(partnerInvites.token, token)).for('update');
    if (!invite || invite.status !== 'pending' || invite.expiresAt <= clock.now()) throw refuse('INVITE_INVALID', m.invalidToken);
    if (invite.senderId === userId) throw refuse('OWN_INVITE');

    const linked = await linkUsers(tx, userId, invite.senderId, clock);
    await tx
      .update(partnerInvites)
      .set({ status: 'accepted', receiverId: userId, acceptedAt: new Date(linked.linkedAt) })
      .where(eq(partnerInvites.token, token));
    return linked;
  });
}

/**
 * Links `userId` with `otherId` inside the caller's transaction: both profiles locked in id order, both must be
 * unpartnered (else ALREADY_PARTNERED for the user, SENDER_PARTNERED for the other), both partner ids set and read
 * back. The invite accept and the consented link of a question session (sessions/link-offer.ts) both link through here.
 * `linkedAt` is the clock's: the days together and the couple's daily rhythm count from it.
 */
export async function linkUsers(tx: Tx, userId: string, otherId: string, clock: Clock = systemClock) {
  const { first: me, second: other } = await lockPair(tx, userId, otherId);
  if (!me) throw refuse('PROFILE_UNREADABLE');
  if (!other) throw refuse('SENDER_UNREADABLE');
  if (me.partnerId) throw refuse('ALREADY_PARTNERED');
  if (other.partnerId) throw refuse('SENDER_PARTNERED');

  const linkedAt = clock.now();
  await tx.update(users).set({ partnerId: other.id, linkedAt, updatedAt: linkedAt }).where(eq(users.id, me.id));
  await tx.update(users).set({ partnerId: me.id, linkedAt, updatedAt: linkedAt }).where(eq(users.id, other.id));

  const check = await lockPair(tx, me.id, other.id);
  if (check.first?.partnerId !== other.id || check.second?.partnerId !== me.id) {
    throw refuse('LINK_VERIFICATION_FAILED');
  }
  return { partner: { id: other.id, username: other.name }, me: { id: me.id, username: me.name }, linkedAt: linkedAt.toISOString() };
}

/** Unlinks both profiles in one transaction; returns the former partner's id. */
export async function unlinkPartner(db: Db, clock: Clock, userId: string): Promise<{ formerPartnerId: string }> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, userId));
    if (!me) throw refuse('PROFILE_FETCH_FAILED');
    if (!me.partnerId) throw refuse('NOT_PARTNERED');
    const { first, second } = await lockPair(tx, userId, me.partnerId);
    if (!first?.partnerId) throw refuse('NOT_PARTNERED');
    const now = clock.now();
    await tx.update(users).set({ partnerId: null, linkedAt: null, updatedAt: now }).where(eq(users.id, userId));
    // The partner's side only if it still points back here.
    if (second?.partnerId === userId) await tx.update(users).set({ partnerId: null, linkedAt: null, updatedAt: now }).where(eq(users.id, second.id));
    return { formerPartnerId: me.partnerId };
  });
}

/** The linked partner's id, or null. */
export async function partnerOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ partnerId: users.partnerId }).from(users).where(eq(users.id, userId));
  return row?.partnerId ?? null;
}

/** The newest invite a user sent that is still open, so the profile can show it again after a reload. */
export async function openInvite(db: Db, clock: Clock, userId: string) {
  const [row] = await db
    .select({ token: partnerInvites.token, expiresAt: partnerInvites.expiresAt })
    .from(partnerInvites)
    .where(and(eq(partnerInvites.senderId, userId), eq(partnerInvites.status, 'pending'), isNull(partnerInvites.receiverId)))
    .orderBy(desc(partnerInvites.createdAt))
    .limit(1);
  return row && row.expiresAt > clock.now() ? { token: row.token, expiresAt: row.expiresAt.toISOString() } : null;
}
