import { and, eq, sql } from 'drizzle-orm';
import type { Daily, DailyDay } from '@core/contracts/daily';
import { DAILY_DAYS_LISTED, DAILY_LIBRARY, addDays, isDay, monthStart } from '@core/daily';
import { reveal, revealState } from '@core/reveal';
import type { Clock } from '../../clock';
import { type Db, rowsOf } from '../../db/client';
import { dailyAnswers, dailyQuestions } from '../../db/schema';
import { refuse } from '../../domain-errors';
import { type Couple, coupleOf } from './couple';

/** The library the daily question draws from: every level of this game, Gold-only ones too (docs/decisions/033). */

const ofCouple = (c: Couple) => and(eq(dailyQuestions.userLow, c.low), eq(dailyQuestions.userHigh, c.high));

/**
 * Draws the couple's question for `day` if it has none (docs/product/daily-question.md#which-question), at random
 * among, in order of preference: items not drawn in the current cycle and not answered in a question session of these
 * two; else (the library is seen) a new cycle, among items not answered in a session; else (they answered the whole
 * library in sessions) items not drawn in this cycle, then a new cycle of everything. `on conflict do nothing`: of
 * two partners opening at once, the first draw stands and both read it.
 */
async function draw(db: Db, clock: Clock, c: Couple, day: string): Promise<void> {
  // The item-once-per-cycle index can refuse a draw that raced another day's: draw again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = rowsOf<{ day: string }>(
      await db.execute(sql`
        insert into daily_questions (user_low, user_high, day, item_id, cycle, created_at)
        select ${c.low}, ${c.high}, ${day}, pick.id, pick.cycle, ${clock.now()} from (
          select i.id, case when drawn.item_id is null then cur.cycle else cur.cycle + 1 end as cycle
          from items i
          join levels l on l.id = i.level_id
          join categories cat on cat.id = l.category_id and cat.game = ${DAILY_LIBRARY}
          cross join (select coalesce(max(cycle), 0) as cycle from daily_questions where user_low = ${c.low} and user_high = ${c.high}) cur
          left join daily_questions drawn
            on drawn.user_low = ${c.low} and drawn.user_high = ${c.high} and drawn.cycle = cur.cycle and drawn.item_id = i.id
          left join (
            select distinct r.item_id from responses r join game_sessions s on s.id = r.session_id
            where s.game = ${DAILY_LIBRARY} and s.creator_id in (${c.low}, ${c.high}) and (s.guest_id is null or s.guest_id in (${c.low}, ${c.high}))
          ) answered on answered.item_id = i.id
          order by answered.item_id is not null, drawn.item_id is not null, random()
          limit 1
        ) pick
        on conflict do nothing
        returning day`),
    );
    if (inserted.length > 0) return;
    const [existing] = await db
      .select({ day: dailyQuestions.day })
      .from(dailyQuestions)
      .where(and(ofCouple(c), eq(dailyQuestions.day, day)));
    if (existing) return;
  }
}

interface DayRow {
  day: string;
  item_id: string;
  text: string;
  category: string;
  mine: string | null;
  partners: string | null;
}

/** The couple's questions from `from` to `to`, newest first, with both answers: `viewOfDay` decides what is shown. */
async function readDays(db: Db, c: Couple, from: string, to: string): Promise<DayRow[]> {
  return rowsOf<DayRow>(
    await db.execute(sql`
      select q.day, q.item_id, i.payload->>'text' as text, cat.name as category, mine.answer as mine, theirs.answer as partners
      from daily_questions q
      join items i on i.id = q.item_id
      join levels l on l.id = i.level_id
      join categories cat on cat.id = l.category_id
      left join daily_answers mine on mine.user_low = q.user_low and mine.user_high = q.user_high and mine.day = q.day and mine.user_id = ${c.viewerId}
      left join daily_answers theirs on theirs.user_low = q.user_low and theirs.user_high = q.user_high and theirs.day = q.day and theirs.user_id = ${c.partner.id}
      where q.user_low = ${c.low} and q.user_high = ${c.high} and q.day >= ${from} and q.day <= ${to}
      order by q.day desc`),
  );
}

/** What one partner may see of a day: the engine's reveal rule (core/reveal.ts), as a session's items follow it. */
export function viewOfDay(row: DayRow): DailyDay {
  const shown = reveal(row.mine, row.partners);
  return {
    day: row.day,
    question: { id: row.item_id, text: row.text, category: row.category },
    state: revealState(shown),
    mine: shown.mine,
    partnerAnswered: shown.partnerAnswered,
    partners: shown.partner,
  };
}

/** Days of the couple's month so far on which both answered that day's question. */
async function answeredTogether(db: Db, c: Couple): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from (
        select day from daily_answers
        where user_low = ${c.low} and user_high = ${c.high} and day >= ${monthStart(c.today)} and day <= ${c.today}
        group by day having count(*) = 2
      ) together`),
  );
  return Number(row?.n ?? 0);
}

/** The couple's days as the viewer sees them, today's question drawn on the first read of the day. */
export async function dailyOf(db: Db, clock: Clock, c: Couple, { drawToday = true } = {}): Promise<Daily> {
  if (drawToday) await draw(db, clock, c, c.today);
  const [rows, together] = await Promise.all([readDays(db, c, addDays(c.today, 1 - DAILY_DAYS_LISTED), c.today), answeredTogether(db, c)]);
  return { today: c.today, partner: c.partner, days: rows.map(viewOfDay), answeredTogether: together };
}

/**
 * The days that wait for the viewer, newest first (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell):
 * today's question until they answer it (drawn or not), and an earlier listed day's once the partner answered it.
 * Reads only: the dashboard draws nothing.
 */
export async function dailyTurns(db: Db, c: Couple): Promise<{ day: string; partnerAnswered: boolean }[]> {
  const rows = await readDays(db, c, addDays(c.today, 1 - DAILY_DAYS_LISTED), c.today);
  const turns = rows.filter((r) => r.mine === null && (r.day === c.today || r.partners !== null)).map((r) => ({ day: r.day, partnerAnswered: r.partners !== null }));
  if (rows[0]?.day !== c.today) turns.unshift({ day: c.today, partnerAnswered: false });
  return turns;
}

export async function getDaily(db: Db, clock: Clock, viewerId: string): Promise<Daily> {
  return dailyOf(db, clock, await coupleOf(db, clock, viewerId));
}

/**
 * Answers a day's question, or changes the answer while the partner has not answered (docs/product/daily-question.md
 * #answering). Any drawn day up to today, not only the listed ones: nothing is lost. Once both have answered the
 * answers stand (409 ANSWER_REVEALED). The question's row is locked, so the partner's answer at the same moment
 * queues behind this one and sees it.
 */
export async function answerDaily(db: Db, clock: Clock, viewerId: string, day: string, answer: string): Promise<{ couple: Couple; revealed: boolean }> {
  const c = await coupleOf(db, clock, viewerId);
  if (!isDay(day) || day > c.today) throw refuse('NOT_FOUND');
  const revealed = await db.transaction(async (tx) => {
    const [question] = await tx
      .select({ day: dailyQuestions.day })
      .from(dailyQuestions)
      .where(and(ofCouple(c), eq(dailyQuestions.day, day)))
      .for('update');
    if (!question) throw refuse('NOT_FOUND');
    const given = await tx
      .select({ userId: dailyAnswers.userId })
      .from(dailyAnswers)
      .where(and(eq(dailyAnswers.userLow, c.low), eq(dailyAnswers.userHigh, c.high), eq(dailyAnswers.day, day)));
    if (given.length >= 2) throw refuse('ANSWER_REVEALED');
    const now = clock.now();
    await tx
      .insert(dailyAnswers)
      .values({ userLow: c.low, userHigh: c.high, day, userId: viewerId, answer, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [dailyAnswers.userLow, dailyAnswers.userHigh, dailyAnswers.day, dailyAnswers.userId], set: { answer, updatedAt: now } });
    return given.some((g) => g.userId === c.partner.id);
  });
  return { couple: c, revealed };
}
