import { sql } from 'drizzle-orm';
import type { YourTurn } from '@core/contracts/dashboard';
import type { GameType } from '@core/games';
import type { Clock } from '../../clock';
import { type Db, rowsOf } from '../../db/client';
import { type Couple, findCouple } from '../daily/couple';
import { dailyTurns } from '../daily/service';

/**
 * The couple's active own-pace sessions in which the partner answered items the viewer has not, the most recently
 * answered first. Sessions of this couple only: made by either with the other, or before the other took the seat
 * (the dashboard's `ofCouple`, docs/decisions/012).
 */
async function sessionTurns(db: Db, viewerId: string, partnerId: string): Promise<YourTurn[]> {
  const rows = rowsOf<{ id: string; game: GameType; waiting: number | string }>(
    await db.execute(sql`
      select s.id, s.game, count(*) as waiting
      from game_sessions s
      join responses theirs on theirs.session_id = s.id and theirs.user_id = ${partnerId}
      left join responses mine on mine.session_id = s.id and mine.item_id = theirs.item_id and mine.user_id = ${viewerId}
      where s.pace = 'own' and s.status = 'active' and mine.item_id is null
        and s.creator_id in (${viewerId}, ${partnerId}) and (s.guest_id is null or s.guest_id in (${viewerId}, ${partnerId}))
      group by s.id, s.game
      order by max(theirs.updated_at) desc`),
  );
  return rows.map((r) => ({ kind: 'session', sessionId: r.id, game: r.game, waiting: Number(r.waiting) }));
}

/**
 * What waits for the viewer (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell): today's question first,
 * then sessions, then earlier days the partner answered. Nothing without a partner. The couple comes back too: its
 * today decides how long the list holds.
 */
export async function yourTurn(db: Db, clock: Clock, viewerId: string): Promise<{ entries: YourTurn[]; couple: Couple | null }> {
  const couple = await findCouple(db, clock, viewerId);
  if (!couple) return { entries: [], couple };
  const [days, sessions] = await Promise.all([dailyTurns(db, couple), sessionTurns(db, viewerId, couple.partner.id)]);
  const daily = days.map((d): YourTurn => ({ kind: 'daily', day: d.day, today: d.day === couple.today, partnerAnswered: d.partnerAnswered }));
  const today = daily.filter((d) => d.kind === 'daily' && d.today);
  return { entries: [...today, ...sessions, ...daily.filter((d) => !today.includes(d))], couple };
}
