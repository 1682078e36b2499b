import { and, eq, sql } from 'drizzle-orm';
import type { NudgeReceivedEvent } from '@core/contracts/notifications';
import { isDay } from '@core/daily';
import { messages } from '@core/messages';
import type { NudgeTarget } from '@core/notifications';
import { dayIn } from '@core/time-zone';
import type { Clock } from '../../clock';
import { type Db, rowsOf } from '../../db/client';
import { dailyAnswers, nudges } from '../../db/schema';
import { refuse } from '../../domain-errors';
import { type Couple, coupleOf } from '../daily/couple';
import { type SessionAccess, sessionAccess } from '../sessions/access';

/** Items of a session the viewer answered and the other member has not. */
async function aheadInSession(db: Db, sessionId: string, viewerId: string, otherId: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from responses mine
      where mine.session_id = ${sessionId}::uuid and mine.user_id = ${viewerId}
        and not exists (select 1 from responses theirs where theirs.session_id = mine.session_id and theirs.item_id = mine.item_id and theirs.user_id = ${otherId})`),
  );
  return Number(row?.n ?? 0);
}

/**
 * What the nudge is about, checked as the screens would: a session the viewer may play with their partner, active,
 * in which they answered an item the partner has not (a stranger's session is 403, a former partner's read-only);
 * or a day's question up to the couple's today that the viewer answered and the partner has not.
 */
async function checkTarget(db: Db, c: Couple, target: NudgeTarget, access: SessionAccess | null): Promise<NudgeReceivedEvent['target']> {
  const nothing = () => refuse('NOTHING_TO_NUDGE', messages.notifications.nothingToNudge(c.partner.username));
  if (target.kind === 'session' && access) {
    if (access.session.status !== 'active' || access.otherId !== c.partner.id) throw nothing();
    if ((await aheadInSession(db, target.sessionId, c.viewerId, c.partner.id)) === 0) throw nothing();
    return { kind: 'session', sessionId: target.sessionId, game: access.session.game };
  }
  if (target.kind === 'session') throw nothing();
  if (!isDay(target.day) || target.day > c.today) throw refuse('NOT_FOUND');
  const given = await db
    .select({ userId: dailyAnswers.userId })
    .from(dailyAnswers)
    .where(and(eq(dailyAnswers.userLow, c.low), eq(dailyAnswers.userHigh, c.high), eq(dailyAnswers.day, target.day)));
  const answered = (id: string) => given.some((g) => g.userId === id);
  if (!answered(c.viewerId) || answered(c.partner.id)) throw nothing();
  return { kind: 'daily', day: target.day };
}

export interface SentNudge {
  id: string;
  couple: Couple;
  event: NudgeReceivedEvent;
}

/**
 * A nudge (docs/product/notifications.md#nudges): when the viewer is ahead of their partner, once per session or
 * daily question per day, the viewer's day in their own time zone. The unique index decides "once": of two taps at
 * the same moment one nudges and the other hears "You nudged Sam today already".
 */
export async function sendNudge(db: Db, clock: Clock, viewerId: string, target: NudgeTarget): Promise<SentNudge> {
  // A session is checked first: a stranger's is a 403, a former partner's read-only, whether or not they have a partner now.
  const access = target.kind === 'session' ? await sessionAccess(db, target.sessionId, viewerId) : null;
  if (access?.readOnly) throw refuse('SESSION_READ_ONLY');
  const couple = await coupleOf(db, clock, viewerId);
  const about = await checkTarget(db, couple, target, access);
  const now = clock.now();
  const [row] = await db
    .insert(nudges)
    .values({
      senderId: viewerId,
      receiverId: couple.partner.id,
      kind: about.kind,
      target: about.kind === 'session' ? about.sessionId : about.day,
      day: dayIn(couple.zones[0], now),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: nudges.id });
  if (!row) throw refuse('NUDGED_TODAY', messages.notifications.nudgedToday(couple.partner.username));
  return { id: row.id, couple, event: { from: couple.viewer, target: about, at: now.toISOString() } };
}
