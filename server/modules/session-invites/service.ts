import { and, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionInvite } from '@core/contracts/session-invites';
import { SESSION_INVITE_LIFETIME_HOURS } from '@core/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sessionInvites, users } from '../../db/schema';
import { refuse } from '../../domain-errors';
import { sessionAccess } from '../sessions/access';
import { SessionError } from '../sessions/errors';

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export const SESSION_INVITE_LIFETIME_MS = SESSION_INVITE_LIFETIME_HOURS * 60 * 60 * 1000;

type InviteRow = typeof sessionInvites.$inferSelect;
const toDto = (row: InviteRow, senderName: string): SessionInvite => ({
  id: row.id,
  sessionId: row.sessionId,
  game: row.game,
  status: row.status,
  sender: { id: row.senderId, username: senderName },
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Invites the linked partner to a session the sender created; the receiver is always that partner. A session has at
 * most one pending invitation (docs/product/partners.md#session-invitations): sending again refreshes its expiry and
 * says so (`resent`). The session row is locked first, so two sends at once queue, and the second finds the first's.
 */
export async function createSessionInvite(db: Db, clock: Clock, senderId: string, sessionId: string): Promise<{ invite: SessionInvite; receiverId: string; resent: boolean }> {
  return db.transaction(async (tx) => {
    const [sender] = await tx.select({ name: users.name, partnerId: users.partnerId }).from(users).where(eq(users.id, senderId));
    if (!sender?.partnerId) throw refuse('NO_PARTNER');
    // The one access rule (session_seat): a stranger's or the guest's invitation is not theirs to send.
    const access = await sessionAccess(tx, sessionId, senderId, { lock: true }).catch((err: unknown) => {
      throw err instanceof SessionError && err.reason === 'denied' ? refuse('NOT_YOUR_SESSION') : err;
    });
    const { session } = access;
    if (access.role !== 'host') throw refuse('NOT_YOUR_SESSION');
    // The seat belongs to the partner it was made with (docs/decisions/012): an invitation to a later one is refused.
    if (access.readOnly) throw new SessionError('read_only');
    // An invitation to a finished game would only disappoint.
    if (session.status === 'completed') throw new SessionError('completed');
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_INVITE_LIFETIME_MS);
    // Sent again is sent now: the bell shows it on top as "just now", offered for another 24 hours.
    const [refreshed] = await tx
      .update(sessionInvites)
      .set({ createdAt: now, expiresAt })
      // The receiver is named so the receiver's index finds it (the seat check above made the partner the guest).
      .where(and(eq(sessionInvites.receiverId, sender.partnerId), eq(sessionInvites.status, 'pending'), eq(sessionInvites.sessionId, sessionId)))
      .returning();
    const row =
      refreshed ?? (await tx.insert(sessionInvites).values({ senderId, receiverId: sender.partnerId, sessionId, game: session.game, createdAt: now, expiresAt }).returning())[0];
    return { invite: toDto(row, sender.name), receiverId: row.receiverId, resent: Boolean(refreshed) };
  });
}

/** What ended pending invitations: the bells of both sides drop them (`invite:updated`). */
/** Pending, unexpired invites for the bell, the most recently sent first. */
export async function listPendingInvites(db: Db, clock: Clock, receiverId: string): Promise<SessionInvite[]> {
  const rows = await db
    .select({ invite: sessionInvites, senderName: users.name })
    .from(sessionInvites)
    .innerJoin(users, eq(users.id, sessionInvites.senderId))
    .where(and(eq(sessionInvites.receiverId, receiverId), eq(sessionInvites.status, 'pending'), gt(sessionInvites.expiresAt, clock.now())))
    .orderBy(desc(sessionInvites.createdAt))
    .limit(50);
  return rows.map((r) => toDto(r.invite, r.senderName));
}

/** Only the receiver may accept or reject (docs/product/partners.md#session-invitations). */
export async function updateSessionInvite(db: Db, clock: Clock, userId: string, inviteId: string, status: 'accepted' | 'rejected') {
  // An id that cannot be one is not found, without asking the database (which would refuse its type).
  if (!isUuid(inviteId)) throw refuse('INVITE_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sessionInvites).where(eq(sessionInvites.id, inviteId)).for('update');
    if (!row) throw refuse('INVITE_NOT_FOUND');
    if (row.receiverId !== userId) throw refuse('NOT_RECEIVER');
    // Declining an old invitation is always fine; joining through one past its 24 hours is not.
    if (status === 'accepted' && row.expiresAt <= clock.now()) throw refuse('SESSION_INVITE_EXPIRED');
    const [updated] = await tx.update(sessionInvites).set({ status }).where(eq(sessionInvites.id, inviteId)).returning();
    return updated;
  });
}
