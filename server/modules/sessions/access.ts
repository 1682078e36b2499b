import { eq, sql } from 'drizzle-orm';
import type { GameType } from '@core/games';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { gameSessions } from '../../db/schema';
import { SessionError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Session ids are UUIDs: anything else is a 404 before it reaches the database (where it would be a cast error). */
export const isSessionId = (id: string) => UUID.test(id);

interface AccessRow {
  seat: 'not_found' | 'denied' | 'host' | 'guest';
  guest_id: string | null;
  creator_partner_id: string | null;
  read_only: boolean;
  game: GameType;
  level_id: string;
  creator_id: string;
  creator_name: string;
  guest_name: string | null;
  partner_name: string | null;
  current_index: number;
  pace: 'live' | 'own';
  status: 'active' | 'completed';
  version: number;
  created_at: Date | string;
  completed_at: Date | string | null;
  invited: boolean;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Who may touch a session (docs/decisions/012) is decided by one SQL function, `session_seat` (server/db/functions.sql), which
 * `submit_answer` calls too: its two members, the creator (the host) and the guest recorded at creation, and no one
 * else, whoever they are linked to now. While the guest seat is empty, the creator's partner takes it on first opening
 * the session. Once the members are no longer partners the session is read-only for both. Anyone else gets 403 with the
 * product's text (docs/product/sessions-and-games.md#session-membership); an unknown or malformed id is a 404.
 */
export async function sessionAccess(db: Db | Tx, sessionId: string, viewerId: string, opts: { lock?: boolean } = {}) {
  if (!isSessionId(sessionId)) throw new SessionError('not_found');
  // The seat comes from the function (which may just have taken it): the joined row was read before it did.
  const [row] = rowsOf<AccessRow>(
    await db.execute(sql`
      select s.seat, s.guest_id, s.creator_partner_id, s.read_only, gs.game, gs.level_id, gs.creator_id, gs.current_index, gs.pace, gs.status,
             gs.version, gs.created_at, gs.completed_at, c.username as creator_name, g.username as guest_name, p.username as partner_name,
             exists(select 1 from session_invites i
                     where i.receiver_id = ${viewerId} and i.status = 'pending' and i.session_id = ${sessionId}::uuid) as invited
        from session_seat(${sessionId}::uuid, ${viewerId}, ${Boolean(opts.lock)}) s
        left join game_sessions gs on gs.id = ${sessionId}::uuid
        left join users c on c.id = gs.creator_id
        left join users g on g.id = s.guest_id
        left join users p on p.id = s.creator_partner_id`),
  );
  if (!row || row.seat === 'not_found') throw new SessionError('not_found');
  if (row.seat === 'denied') throw new SessionError('denied');
  const isHost = row.seat === 'host';
  const guestId = row.guest_id;
  // The seat the host waits for: the recorded guest, or the partner who would take the empty seat.
  const partnerSeat = guestId
    ? { id: guestId, username: row.guest_name ?? 'Partner' }
    : row.creator_partner_id
      ? { id: row.creator_partner_id, username: row.partner_name ?? 'Partner' }
      : null;
  return {
    session: {
      id: sessionId,
      game: row.game,
      levelId: row.level_id,
      creatorId: row.creator_id,
      guestId,
      currentIndex: row.current_index,
      pace: row.pace,
      status: row.status,
      version: row.version,
      createdAt: toDate(row.created_at),
      completedAt: row.completed_at === null ? null : toDate(row.completed_at),
    },
    role: isHost ? ('host' as const) : ('partner' as const),
    host: { id: row.creator_id, username: row.creator_name },
    partner: partnerSeat,
    /** The other player from the viewer's seat, if there is one yet. */
    otherId: isHost ? (partnerSeat?.id ?? null) : row.creator_id,
    /** The two members who play; only their answers count. */
    members: guestId ? [row.creator_id, guestId] : [row.creator_id],
    /** The members have unlinked since: both may look, neither may play. */
    readOnly: row.read_only,
    /**
     * The viewer has a pending invitation to this session, which their opening it answers (session-invites
     * `endPendingInvites`). Read here, on the receiver's index, so a join writes only when there is one.
     */
    invited: row.invited,
  };
}

export type SessionAccess = Awaited<ReturnType<typeof sessionAccess>>;

/** A write needs a session its members can still play together. */
export function assertPlayable(access: SessionAccess) {
  if (access.readOnly) throw new SessionError('read_only');
}

/** The session's version now: what a screen compares with its own after joining the room. */
export async function sessionVersion(db: Db, sessionId: string): Promise<number> {
  const [row] = await db.select({ version: gameSessions.version }).from(gameSessions).where(eq(gameSessions.id, sessionId));
  return row?.version ?? 0;
}
