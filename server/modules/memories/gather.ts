import { type GuessMark, type GuessRole, guessRole, splitGuess } from '@core/guessing';
import { sql } from 'drizzle-orm';
import { definitionOf } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { messages } from '@core/messages';
import { reveal } from '@core/reveal';
import { type Db, rowsOf } from '../../db/client';
import { inSessionOrder, levelInfo, levelItems } from '../sessions/level-items';

/**
 * Everything a person shared, read as words (docs/product/memories.md): each session they played with someone and
 * each daily question of theirs, with what the screens would show them (the engine's reveal rule: a partner's answer
 * once both answered). The list, its search, a memory's page and the export all read this one view, so nothing a
 * screen hides is ever searched or exported.
 */

export interface Other {
  id: string;
  username: string;
}

export interface ItemMemory {
  itemId: string;
  position: number;
  prompt: string;
  mine: string | null;
  partner: string | null;
  partnerAnswered: boolean;
  partnerRemoved: boolean;
  correct: { mine: boolean | null; partner: boolean | null } | null;
  /** Guess my answer: each one's guess as words (the partner's once both answered) and, written, the mark. */
  guess: ItemGuess | null;
  starred: boolean;
}

export interface ItemGuess {
  /** The viewer's part: their own pick and a guess ('both'), or, written, the answer or the guess. */
  role: GuessRole;
  mine: string | null;
  partner: string | null;
  mark: GuessMark | null;
}

export interface SessionMemory {
  kind: 'session';
  id: string;
  game: GameType;
  level: string;
  with: Other | null;
  at: string;
  completedAt: string | null;
  pace: 'live' | 'own';
  guessing: boolean;
  /** The two members, low then high by id: whose star it is. */
  pair: [string, string];
  items: ItemMemory[];
}

export interface DayMemory {
  kind: 'daily';
  day: string;
  question: string;
  with: Other | null;
  at: string;
  pair: [string, string];
  mine: string | null;
  partner: string | null;
  partnerRemoved: boolean;
  starred: boolean;
}

interface SessionRow {
  id: string;
  game: GameType;
  level_id: string;
  creator_id: string;
  guest_id: string;
  pace: 'live' | 'own';
  guessing: boolean;
  status: 'active' | 'completed';
  item_order: string[] | null;
  created_at: string | Date;
  completed_at: string | Date | null;
  other_id: string;
  other_name: string;
  other_deleted: boolean;
}

const iso = (d: string | Date) => new Date(d).toISOString();
const pairOf = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);
const otherOf = (id: string, name: string, deleted: boolean): Other => ({ id, username: deleted ? messages.memories.formerPartner : name });

/** The person's stars, by pair and target. */
async function starsOf(db: Db, viewerId: string): Promise<Set<string>> {
  const rows = rowsOf<{ user_low: string; user_high: string; target: string }>(
    await db.execute(sql`select user_low, user_high, target from memory_stars where ${viewerId} in (user_low, user_high)`),
  );
  return new Set(rows.map((r) => `${r.user_low}|${r.user_high}|${r.target}`));
}

const starKey = (pair: [string, string], target: string) => `${pair[0]}|${pair[1]}|${target}`;
export const itemTarget = (sessionId: string, itemId: string) => `item:${sessionId}:${itemId}`;
export const dayTarget = (day: string) => `daily:${day}`;

/**
 * The sessions a person shared with someone (both seats taken), finished or still going. `sessionId` narrows it to
 * one.
 */
async function sessionMemories(db: Db, viewerId: string, stars: Set<string>, sessionId?: string): Promise<SessionMemory[]> {
  const rows = rowsOf<SessionRow>(
    await db.execute(sql`
      select s.id, s.game, s.level_id, s.creator_id, s.guest_id, s.pace, s.guessing, s.status, s.item_order, s.created_at, s.completed_at,
             o.id as other_id, o.username as other_name, (o.deleted_at is not null) as other_deleted
        from game_sessions s
        join users o on o.id = case when s.creator_id = ${viewerId} then s.guest_id else s.creator_id end
       where ${viewerId} in (s.creator_id, s.guest_id) and s.guest_id is not null
         ${sessionId ? sql`and s.id = ${sessionId}::uuid` : sql``}
       order by s.created_at desc`),
  );
  if (!rows.length) return [];
  const answers = rowsOf<{ session_id: string; item_id: string; user_id: string; answer: unknown }>(
    await db.execute(
      sql`select session_id, item_id, user_id, answer from responses where session_id in (${sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  const marks = rowsOf<{ session_id: string; item_id: string; mark: GuessMark }>(
    await db.execute(
      sql`select session_id, item_id, mark from guess_marks where session_id in (${sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  const markOf = new Map(marks.map((m) => [`${m.session_id}:${m.item_id}`, m.mark]));
  const bySession = new Map<string, Map<string, { mine?: unknown; theirs?: unknown }>>();
  for (const a of answers) {
    const items = bySession.get(a.session_id) ?? new Map();
    bySession.set(a.session_id, items);
    const entry = items.get(a.item_id) ?? {};
    if (a.user_id === viewerId) entry.mine = a.answer;
    else entry.theirs = a.answer;
    items.set(a.item_id, entry);
  }
  return Promise.all(
    rows.map(async (r): Promise<SessionMemory> => {
      const def = definitionOf(r.game);
      const [level, content] = await Promise.all([levelInfo(db, r.level_id), levelItems(db, r.level_id)]);
      const pair = pairOf(r.creator_id, r.guest_id);
      const given = bySession.get(r.id) ?? new Map();
      // The items the viewer answered: one only the partner answered is still the viewer's turn, not a memory.
      const kind = r.guessing ? def.guess?.kind : undefined;
      const seat = r.creator_id === viewerId ? 'host' : 'guest';
      const items = inSessionOrder(content.list, r.item_order)
        .map((item, index) => ({ item, index }))
        .filter(({ item }) => given.get(item.id)?.mine !== undefined)
        .map(({ item, index }): ItemMemory => {
          const { mine, theirs } = given.get(item.id)!;
          const stored = reveal(mine, theirs);
          const payload = item.payload as never;
          const words = (answer: unknown) => (answer === null || answer === undefined ? null : def.memory.answer(payload, answer as never));
          // Guessing: what each stored is split into their own answer and their guess (core/guessing.ts), by role.
          const role = kind ? guessRole(kind, index, seat) : 'both';
          const partnerRole = kind ? guessRole(kind, index, seat === 'host' ? 'guest' : 'host') : 'both';
          const own = kind ? splitGuess(kind, role, stored.mine) : { answer: stored.mine, guess: null };
          const other = kind ? splitGuess(kind, partnerRole, stored.partner) : { answer: stored.partner, guess: null };
          const shown = { ...stored, mine: own.answer, partner: other.answer };
          return {
            itemId: item.id,
            position: item.position,
            // Whole, as the screen shows an item its viewer answered (a film's title, a quiz's correct answer).
            prompt: def.memory.prompt(payload),
            mine: words(shown.mine),
            partner: words(shown.partner),
            partnerAnswered: shown.partnerAnswered,
            partnerRemoved: r.other_deleted,
            guess: kind ? { role, mine: words(own.guess), partner: words(other.guess), mark: markOf.get(`${r.id}:${item.id}`) ?? null } : null,
            correct:
              def.scored && !kind
                ? {
                    mine: shown.mine === null ? null : def.isCorrect(payload, shown.mine as never),
                    partner: shown.partner === null ? null : def.isCorrect(payload, shown.partner as never),
                  }
                : null,
            starred: stars.has(starKey(pair, itemTarget(r.id, item.id))),
          };
        });
      return {
        kind: 'session',
        id: r.id,
        game: r.game,
        level: level ? `${level.category.name} · ${level.name}` : def.displayName,
        with: otherOf(r.other_id, r.other_name, r.other_deleted),
        at: iso(r.created_at),
        completedAt: r.completed_at ? iso(r.completed_at) : null,
        pace: r.pace,
        guessing: r.guessing,
        pair,
        items,
      };
    }),
  );
}

/** The person's daily questions with any answer, from every couple they were part of. `only` narrows to one day. */
async function dayMemories(db: Db, viewerId: string, stars: Set<string>, only?: { pair: [string, string]; day: string }): Promise<DayMemory[]> {
  const rows = rowsOf<{
    user_low: string;
    user_high: string;
    day: string;
    created_at: string | Date;
    payload: { text: string };
    mine: string | null;
    theirs: string | null;
    other_id: string;
    other_name: string;
    other_deleted: boolean;
  }>(
    await db.execute(sql`
      select q.user_low, q.user_high, q.day, q.created_at, i.payload,
             m.answer as mine, t.answer as theirs, o.id as other_id, o.username as other_name, (o.deleted_at is not null) as other_deleted
        from daily_questions q
        join items i on i.id = q.item_id
        join users o on o.id = case when q.user_low = ${viewerId} then q.user_high else q.user_low end
        left join daily_answers m on m.user_low = q.user_low and m.user_high = q.user_high and m.day = q.day and m.user_id = ${viewerId}
        left join daily_answers t on t.user_low = q.user_low and t.user_high = q.user_high and t.day = q.day and t.user_id <> ${viewerId}
       where ${viewerId} in (q.user_low, q.user_high)
         and (m.answer is not null or t.answer is not null)
         ${only ? sql`and q.user_low = ${only.pair[0]} and q.user_high = ${only.pair[1]} and q.day = ${only.day}` : sql``}
       order by q.day desc`),
  );
  return rows.map((r) => {
    const shown = reveal(r.mine, r.theirs);
    const pair: [string, string] = [r.user_low, r.user_high];
    return {
      kind: 'daily',
      day: r.day,
      question: r.payload.text,
      with: otherOf(r.other_id, r.other_name, r.other_deleted),
      at: iso(r.created_at),
      pair,
      mine: shown.mine,
      partner: shown.partner,
      partnerRemoved: r.other_deleted,
      starred: stars.has(starKey(pair, dayTarget(r.day))),
    };
  });
}

/** All of a person's memories, or one: the one view everything else reads. */
export async function gather(db: Db, viewerId: string, only?: { sessionId: string } | { pair: [string, string]; day: string }) {
  const stars = await starsOf(db, viewerId);
  const [sessions, days] = await Promise.all([
    only && 'day' in only ? [] : sessionMemories(db, viewerId, stars, only?.sessionId),
    only && 'sessionId' in only ? [] : dayMemories(db, viewerId, stars, only && 'day' in only ? only : undefined),
  ]);
  return { sessions, days };
}

/** The words of a memory a search looks in: what the viewer can read of it, and nothing else. */
export function wordsOf(m: SessionMemory | DayMemory): string {
  const parts = m.kind === 'daily' ? [m.question, m.mine, m.partner] : [m.level, ...m.items.flatMap((i) => [i.prompt, i.mine, i.partner, i.guess?.mine, i.guess?.partner])];
  return parts
    .filter((p): p is string => typeof p === 'string')
    .join('\n')
    .toLowerCase();
}
