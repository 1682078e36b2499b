import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessionInvites } from '../../db/schema';
import type { Realtime } from '../../realtime/server';

/** An invitation to a session that ended because the session was answered (joined or completed), not on the bell. */
export interface EndedInvite {
  id: string;
  senderId: string;
  receiverId: string;
}

/**
 * A session's pending invitations to its guest end as accepted once they are answered: the guest opened the session
 * (by the bell, the link or the dashboard), or it completed (docs/product/partners.md#session-invitations). A rule of
 * the session, so it lives here; the session-invites module (sending, the bell) builds on the sessions module.
 */
export async function endPendingInvites(db: Db | Tx, sessionId: string, guestId: string): Promise<EndedInvite[]> {
  return db
    .update(sessionInvites)
    .set({ status: 'accepted' })
    .where(and(eq(sessionInvites.receiverId, guestId), eq(sessionInvites.status, 'pending'), eq(sessionInvites.sessionId, sessionId)))
    .returning({ id: sessionInvites.id, senderId: sessionInvites.senderId, receiverId: sessionInvites.receiverId });
}

/** Invitations that ended without a tap on the bell (the partner joined, the session completed) leave both bells. */
export function announceEndedInvites(realtime: Realtime, ended: EndedInvite[]) {
  for (const invite of ended) {
    for (const userId of [invite.receiverId, invite.senderId]) realtime.toUser(userId, 'invite:updated', { inviteId: invite.id, status: 'accepted' });
  }
}
