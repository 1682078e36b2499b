import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { gameSessions, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

export const ACCESS_DENIED = "You're not authorized to access this game session. Only the creator and their partner can join.";
export const SESSION_NOT_FOUND = 'Session not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Session ids are UUIDs: anything else is a 404 before it reaches the database (where it would be a cast error). */
export const isSessionId = (id: string) => UUID.test(id);

/**
 * Who may touch a session (decisions §2, §5): its creator, the host, and the creator's linked partner. Anyone
 * else gets 403 with the spec's text; an unknown or malformed id is a 404.
 */
export async function sessionAccess(db: Db | Tx, sessionId: string, viewerId: string, opts: { lock?: boolean } = {}) {
  if (!isSessionId(sessionId)) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  const partner = alias(users, 'partner');
  const query = db
    .select({ session: gameSessions, creatorPartnerId: users.partnerId, creatorName: users.name, partnerName: partner.name })
    .from(gameSessions)
    .innerJoin(users, eq(users.id, gameSessions.creatorId))
    .leftJoin(partner, eq(partner.id, users.partnerId))
    .where(eq(gameSessions.id, sessionId));
  const [row] = opts.lock ? await query.for('update', { of: gameSessions }) : await query;
  if (!row) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  const isHost = row.session.creatorId === viewerId;
  if (!isHost && row.creatorPartnerId !== viewerId) throw forbidden(ACCESS_DENIED, 'ACCESS_DENIED');
  return {
    session: row.session,
    role: isHost ? ('host' as const) : ('partner' as const),
    host: { id: row.session.creatorId, username: row.creatorName },
    partnerId: row.creatorPartnerId,
    /** The creator's linked partner, who plays as the guest. */
    partner: row.creatorPartnerId ? { id: row.creatorPartnerId, username: row.partnerName ?? 'Partner' } : null,
  };
}
