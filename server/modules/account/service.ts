import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Me } from '@core/contracts/account';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { refuse } from '../../domain-errors';

/** The signed-in user with their partner and plan, in one round trip. */
export async function getMe(db: Db, userId: string): Promise<Me> {
  const partner = alias(users, 'partner');
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.name,
      createdAt: users.createdAt,
      linkedAt: users.linkedAt,
      partnerId: users.partnerId,
      partnerName: partner.name,
      timeZone: users.timeZone,
      gold: sql<boolean>`exists (select 1 from purchases pu where pu.status = 'active' and pu.user_id in (${users.id}, ${users.partnerId}))`,
    })
    .from(users)
    .leftJoin(partner, eq(partner.id, users.partnerId))
    .where(eq(users.id, userId));
  if (!row) throw refuse('USER_NOT_FOUND');
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    partner: row.partnerId ? { id: row.partnerId, username: row.partnerName ?? 'Partner', linkedAt: row.linkedAt?.toISOString() ?? null } : null,
    gold: Boolean(row.gold),
    timeZone: row.timeZone,
  };
}

/**
 * Keeps a valid IANA time zone on the user (docs/product/accounts.md#time-zone), writing only when it differs. Returns
 * the couple whose "today" may have moved (the user and their partner), or null when nothing changed.
 */
export async function setTimeZone(db: Db, userId: string, timeZone: string): Promise<{ userIds: string[] } | null> {
  const [row] = await db
    .update(users)
    .set({ timeZone })
    .where(and(eq(users.id, userId), ne(users.timeZone, timeZone)))
    .returning({ partnerId: users.partnerId });
  if (!row) return null;
  return { userIds: row.partnerId ? [userId, row.partnerId] : [userId] };
}

/**
 * Deletes the account and everything that belongs to it (sessions, invites, games, answers cascade),
 * unlinking the partner in the same transaction. Returns the former partner's id so they can be told.
 */
export async function deleteAccount(db: Db, clock: Clock, userId: string): Promise<{ partnerId: string | null }> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ id: users.id, partnerId: users.partnerId, email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!me) throw refuse('USER_NOT_FOUND');
    if (me.partnerId) await tx.update(users).set({ partnerId: null, linkedAt: null, updatedAt: clock.now() }).where(eq(users.partnerId, userId));
    await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, me.email)));
    await tx.delete(users).where(eq(users.id, userId));
    return { partnerId: me.partnerId };
  });
}

/**
 * Whether a password-reset token exists and has not expired (the reset page's 'verifying' state). Better Auth made
 * the token and decides its expiry by the system's time, so this asks by the same time, not the app's clock
 * (docs/decisions/032): the page must agree with the reset it leads to.
 */
export async function isResetTokenValid(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    // oxlint-disable-next-line twogether/no-wall-clock -- Better Auth's reset expiry is the system's time (decision 032).
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())));
  return Boolean(row);
}
