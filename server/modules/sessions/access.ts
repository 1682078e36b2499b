import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { gameSessions, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';

export const ACCESS_DENIED = "You're not authorized to access this game session. Only the creator and their partner can join.";
export const SESSION_NOT_FOUND = 'Session not found';
export const SESSION_READ_ONLY = "You're no longer partners, so this session can be looked at but not played.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Session ids are UUIDs: anything else is a 404 before it reaches the database (where it would be a cast error). */
export const isSessionId = (id: string) => UUID.test(id);

/** The creator's partner taking the session's empty guest seat; false when someone else holds it. */
async function takeGuestSeat(db: Db | Tx, sessionId: string, viewerId: string): Promise<boolean> {
  const taken = await db
    .update(gameSessions)
    .set({ guestId: viewerId })
    .where(and(eq(gameSessions.id, sessionId), isNull(gameSessions.guestId)))
    .returning({ id: gameSessions.id });
  if (taken.length) return true;
  const [row] = await db.select({ guestId: gameSessions.guestId }).from(gameSessions).where(eq(gameSessions.id, sessionId));
  return row?.guestId === viewerId;
}

/**
 * Who may touch a session (docs/decisions/012): its two members, the creator (the host) and the guest recorded at
 * creation, and no one else, whoever they are linked to now. While the guest seat is empty (the creator had no
 * partner then), the creator's partner takes it on first opening the session. Once the members are no longer
 * partners the session is read-only for both. Anyone else gets 403 with the spec's text; an unknown or
 * malformed id is a 404.
 */
export async function sessionAccess(db: Db | Tx, sessionId: string, viewerId: string, opts: { lock?: boolean } = {}) {
  if (!isSessionId(sessionId)) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  const guest = alias(users, 'guest');
  const creatorPartner = alias(users, 'creator_partner');
  const query = db
    .select({
      session: gameSessions,
      creatorName: users.name,
      creatorPartnerId: users.partnerId,
      creatorPartnerName: creatorPartner.name,
      guestName: guest.name,
    })
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.creatorId))
    .leftJoin(guest, eq(guest.id, gameSessions.guestId))
    .leftJoin(creatorPartner, eq(creatorPartner.id, users.partnerId))
    .where(eq(gameSessions.id, sessionId));
  const [row] = opts.lock ? await query.for('update', { of: gameSessions }) : await query;
  if (!row) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  const { session, creatorPartnerId } = row;
  let guestId = session.guestId;
  let guestName = row.guestName;
  const isHost = session.creatorId === viewerId;
  if (!isHost && guestId !== viewerId) {
    const mayTakeSeat = guestId === null && creatorPartnerId === viewerId && session.status === 'active';
    if (!mayTakeSeat || !(await takeGuestSeat(db, sessionId, viewerId))) throw forbidden(ACCESS_DENIED, 'ACCESS_DENIED');
    guestId = viewerId;
    guestName = row.creatorPartnerName;
  }
  // The seat the host waits for: the recorded guest, or the partner who would take the empty seat.
  const partnerSeat = guestId ? { id: guestId, username: guestName ?? 'Partner' } : creatorPartnerId ? { id: creatorPartnerId, username: row.creatorPartnerName ?? 'Partner' } : null;
  return {
    session: { ...session, guestId },
    role: isHost ? ('host' as const) : ('partner' as const),
    host: { id: session.creatorId, username: row.creatorName },
    partner: partnerSeat,
    /** The other player from the viewer's seat, if there is one yet. */
    otherId: isHost ? (partnerSeat?.id ?? null) : session.creatorId,
    /** The two members who play; only their answers count. */
    members: guestId ? [session.creatorId, guestId] : [session.creatorId],
    /** The members have unlinked since: both may look, neither may play. */
    readOnly: guestId !== null && creatorPartnerId !== guestId,
  };
}

export type SessionAccess = Awaited<ReturnType<typeof sessionAccess>>;

/** A write needs a session its members can still play together. */
export function assertPlayable(access: SessionAccess) {
  if (access.readOnly) throw conflict(SESSION_READ_ONLY, 'SESSION_READ_ONLY');
}
