import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Me } from '@core/contracts/account';
import { messages } from '@core/messages';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  accounts,
  authSessions,
  dailyAnswers,
  levelProgress,
  notificationSettings,
  nudges,
  partnerInvites,
  purchases,
  pushSubscriptions,
  responses,
  sessionInvites,
  sessionPositions,
  users,
  verifications,
} from '../../db/schema';
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
      emailVerified: users.emailVerified,
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
    emailVerified: row.emailVerified,
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
 * Deletes the account (docs/decisions/055-memories-and-what-deletion-keeps.md) in one transaction: the partner is
 * unlinked; every answer of the leaving user, their sign-in, settings, devices, invitations, nudges, purchases and
 * progress go. What they shared stays for the other member: a session or a day in which the other answered keeps its
 * row and the other's answers (a session still going ends now), beside "a former partner". The user's row stays
 * for that, emptied (no address, no way in, named "A former partner", `deleted_at` set): a seat it holds is taken for good, so no
 * rule ever gives it to someone else. With nothing shared left, the row goes too. Returns the former partner's id.
 */
export async function deleteAccount(db: Db, clock: Clock, userId: string): Promise<{ partnerId: string | null }> {
  return db.transaction(async (tx) => {
    const [me] = await tx
      .select({ id: users.id, partnerId: users.partnerId, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!me) throw refuse('USER_NOT_FOUND');
    const now = clock.now();
    if (me.partnerId) await tx.update(users).set({ partnerId: null, linkedAt: null, updatedAt: now }).where(eq(users.partnerId, userId));
    // Their words, everywhere.
    await tx.delete(responses).where(eq(responses.userId, userId));
    await tx.delete(sessionPositions).where(eq(sessionPositions.userId, userId));
    await tx.delete(dailyAnswers).where(eq(dailyAnswers.userId, userId));
    // What no one else wrote in goes; what the other member wrote in stays, ended.
    await tx.execute(sql`delete from game_sessions s where ${userId} in (s.creator_id, s.guest_id) and not exists (select 1 from responses r where r.session_id = s.id)`);
    await tx.execute(
      sql`update game_sessions set status = 'completed', completed_at = ${now}, version = version + 1 where ${userId} in (creator_id, guest_id) and status = 'active'`,
    );
    await tx.execute(sql`delete from daily_questions q where ${userId} in (q.user_low, q.user_high)
      and not exists (select 1 from daily_answers a where a.user_low = q.user_low and a.user_high = q.user_high and a.day = q.day)`);
    // Everything else of theirs.
    for (const [table, column] of [
      [authSessions, authSessions.userId],
      [accounts, accounts.userId],
      [sessionInvites, sessionInvites.senderId],
      [sessionInvites, sessionInvites.receiverId],
      [partnerInvites, partnerInvites.senderId],
      [purchases, purchases.userId],
      [levelProgress, levelProgress.userId],
      [notificationSettings, notificationSettings.userId],
      [pushSubscriptions, pushSubscriptions.userId],
      [nudges, nudges.senderId],
      [nudges, nudges.receiverId],
    ] as const) {
      await tx.delete(table).where(eq(column, userId));
    }
    await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, me.email)));
    await tx
      .update(users)
      // Named as every screen should name them now: the name they chose goes with them.
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        name: messages.memories.formerPartner,
        emailVerified: false,
        image: null,
        partnerId: null,
        linkedAt: null,
        timeZone: 'UTC',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.execute(sql`delete from users u where u.id = ${userId}
      and not exists (select 1 from game_sessions s where ${userId} in (s.creator_id, s.guest_id))
      and not exists (select 1 from daily_questions q where ${userId} in (q.user_low, q.user_high))`);
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
