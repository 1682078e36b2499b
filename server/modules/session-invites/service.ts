import { and, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionInvite } from '@core/contracts/session-invites';
import { SESSION_INVITE_LIFETIME_HOURS } from '@core/limits';
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

/** Invites the linked partner to a session the sender created; the receiver is always that partner. */
export async function createSessionInvite(db: Db, senderId: string, sessionId: string): Promise<{ invite: SessionInvite; receiverId: string }> {
  return db.transaction(async (tx) => {
    const [sender] = await tx.select({ name: users.name, partnerId: users.partnerId }).from(users).where(eq(users.id, senderId));
    if (!sender?.partnerId) throw refuse('NO_PARTNER');
    // The one access rule (session_seat): a stranger's or the guest's invitation is not theirs to send.
    const access = await sessionAccess(tx, sessionId, senderId).catch((err: unknown) => {
      throw err instanceof SessionError && err.reason === 'denied' ? refuse('NOT_YOUR_SESSION') : err;
    });
    const { session } = access;
    if (access.role !== 'host') throw refuse('NOT_YOUR_SESSION');
    // The seat belongs to the partner it was made with (docs/decisions/012): an invitation to a later one is refused.
    if (access.readOnly) throw new SessionError('read_only');
    // An invitation to a finished game would only disappoint.
    if (session.status === 'completed') throw new SessionError('completed');
    const [row] = await tx
      .insert(sessionInvites)
      .values({ senderId, receiverId: sender.partnerId, sessionId, game: session.game, expiresAt: new Date(Date.now() + SESSION_INVITE_LIFETIME_MS) })
      .returning();
    return { invite: toDto(row, sender.name), receiverId: row.receiverId };
  });
}

/** Pending, unexpired invites for the bell, newest first. */
export async function listPendingInvites(db: Db, receiverId: string): Promise<SessionInvite[]> {
  const rows = await db
    .select({ invite: sessionInvites, senderName: users.name })
    .from(sessionInvites)
    .innerJoin(users, eq(users.id, sessionInvites.senderId))
    .where(and(eq(sessionInvites.receiverId, receiverId), eq(sessionInvites.status, 'pending'), gt(sessionInvites.expiresAt, new Date())))
    .orderBy(desc(sessionInvites.createdAt))
    .limit(50);
  return rows.map((r) => toDto(r.invite, r.senderName));
}

/** Only the receiver may accept or reject (docs/product/partners.md#session-invitations). */
export async function updateSessionInvite(db: Db, userId: string, inviteId: string, status: 'accepted' | 'rejected') {
  // An id that cannot be one is not found, without asking the database (which would refuse its type).
  if (!isUuid(inviteId)) throw refuse('INVITE_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sessionInvites).where(eq(sessionInvites.id, inviteId)).for('update');
    if (!row) throw refuse('INVITE_NOT_FOUND');
    if (row.receiverId !== userId) throw refuse('NOT_RECEIVER');
    // Declining an old invitation is always fine; joining through one past its 24 hours is not.
    if (status === 'accepted' && row.expiresAt.getTime() <= Date.now()) throw refuse('SESSION_INVITE_EXPIRED');
    const [updated] = await tx.update(sessionInvites).set({ status }).where(eq(sessionInvites.id, inviteId)).returning();
    return updated;
  });
}
