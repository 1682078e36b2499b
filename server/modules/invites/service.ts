import { and, desc, eq, gt } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { SessionInviteDto } from '@core/realtime';
import type { Db } from '../../db/client';
import { gameSessions, sessionInvites, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { SESSION_READ_ONLY } from '../sessions/access';
import { SESSION_COMPLETED } from '../sessions/play';

export const SESSION_INVITE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const m = messages.invites;

type InviteRow = typeof sessionInvites.$inferSelect;
const toDto = (row: InviteRow, senderName: string): SessionInviteDto => ({
  id: row.id,
  sessionId: row.sessionId,
  game: row.game,
  status: row.status,
  sender: { id: row.senderId, username: senderName },
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** Invites the linked partner to a session the sender created; the receiver is always that partner. */
export async function createSessionInvite(db: Db, senderId: string, sessionId: string): Promise<{ invite: SessionInviteDto; receiverId: string }> {
  return db.transaction(async (tx) => {
    const [sender] = await tx.select({ name: users.name, partnerId: users.partnerId }).from(users).where(eq(users.id, senderId));
    if (!sender?.partnerId) throw badRequest(messages.partner.needPartner, 'NO_PARTNER');
    const [session] = await tx
      .select({ creatorId: gameSessions.creatorId, guestId: gameSessions.guestId, game: gameSessions.game, status: gameSessions.status })
      .from(gameSessions)
      .where(eq(gameSessions.id, sessionId));
    if (!session) throw notFound(m.sessionNotFound, 'SESSION_NOT_FOUND');
    if (session.creatorId !== senderId) throw forbidden(m.notYourSession, 'NOT_YOUR_SESSION');
    // The session's seat belongs to the partner it was made with (docs/decisions/012): a later partner cannot join.
    if (session.guestId && session.guestId !== sender.partnerId) throw conflict(SESSION_READ_ONLY, 'SESSION_READ_ONLY');
    // An invitation to a finished game would only disappoint.
    if (session.status === 'completed') throw conflict(SESSION_COMPLETED, 'SESSION_COMPLETED');
    const [row] = await tx
      .insert(sessionInvites)
      .values({ senderId, receiverId: sender.partnerId, sessionId, game: session.game, expiresAt: new Date(Date.now() + SESSION_INVITE_LIFETIME_MS) })
      .returning();
    return { invite: toDto(row, sender.name), receiverId: row.receiverId };
  });
}

/** Pending, unexpired invites for the bell, newest first. */
export async function listPendingInvites(db: Db, receiverId: string): Promise<SessionInviteDto[]> {
  const rows = await db
    .select({ invite: sessionInvites, senderName: users.name })
    .from(sessionInvites)
    .innerJoin(users, eq(users.id, sessionInvites.senderId))
    .where(and(eq(sessionInvites.receiverId, receiverId), eq(sessionInvites.status, 'pending'), gt(sessionInvites.expiresAt, new Date())))
    .orderBy(desc(sessionInvites.createdAt))
    .limit(50);
  return rows.map((r) => toDto(r.invite, r.senderName));
}

/** Only the receiver may accept or reject (spec 000 §5). */
export async function updateSessionInvite(db: Db, userId: string, inviteId: string, status: 'accepted' | 'rejected') {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sessionInvites).where(eq(sessionInvites.id, inviteId)).for('update');
    if (!row) throw notFound(m.notFound, 'INVITE_NOT_FOUND');
    if (row.receiverId !== userId) throw forbidden(m.notReceiver, 'NOT_RECEIVER');
    const [updated] = await tx.update(sessionInvites).set({ status }).where(eq(sessionInvites.id, inviteId)).returning();
    return updated;
  });
}
