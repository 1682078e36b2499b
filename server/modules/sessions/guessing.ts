import { eq } from 'drizzle-orm';
import { definitionOf, type GuessRule } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { type GuessKind, type GuessMark, type Knowing, guessMessages, knowing } from '@core/guessing';
import type { Db, Tx } from '../../db/client';
import { guessMarks, responses } from '../../db/schema';
import { SessionError } from './errors';
import type { LevelItem } from './level-items';

/**
 * Guess my answer on the engine (core/guessing.ts, docs/product/guess-my-answer.md): which way a level may be played,
 * what a guessing answer must carry, the marks on written guesses and who knew whom. The views apply it in
 * redaction.ts; the answer path in answers.ts.
 */

type Stored = Record<string, unknown>;

export function guessRuleOf(game: GameType): GuessRule<Stored, unknown, Stored> | undefined {
  return definitionOf(game).guess;
}

/** A new session's way to play against its level's items: refused where the level is not played that way. */
export function checkWayToPlay(game: GameType, items: LevelItem[], guessing: boolean) {
  const rule = guessRuleOf(game);
  const play = rule && items[0] ? rule.play(items[0].payload) : 'ordinary';
  if (guessing && play === 'ordinary') throw new SessionError('guessing_not_offered');
  if (!guessing && play === 'guessing') throw new SessionError('guessing_only');
}

/**
 * What a player sends for an item of a guessing session, as it is stored: a prediction `{ own, guess }`, both of the
 * item's options; written, the text alone (an answer or a guess by the player's role, `guessRole`).
 */
export function guessingAnswer(game: GameType, item: LevelItem, answer: unknown, rawGuess: unknown): unknown {
  const def = definitionOf(game);
  const rule = def.guess;
  if (!rule) throw new SessionError('not_guessing');
  if (rule.kind === 'written') {
    if (rawGuess !== undefined) throw new SessionError('invalid_answer', guessMessages.writtenGuess);
    return answer;
  }
  if (rawGuess === undefined || rawGuess === null || rawGuess === '') throw new SessionError('missing_answer', guessMessages.guessMissing);
  const guess = def.answer.safeParse(rawGuess);
  if (!guess.success || !def.accepts(item.payload, guess.data)) throw new SessionError('invalid_answer');
  return { own: answer, guess: guess.data };
}

/** The written marks of a session, by item. */
export async function marksOf(db: Db | Tx, sessionId: string): Promise<Map<string, GuessMark>> {
  const rows = await db.select({ itemId: guessMarks.itemId, mark: guessMarks.mark }).from(guessMarks).where(eq(guessMarks.sessionId, sessionId));
  return new Map(rows.map((r) => [r.itemId, r.mark]));
}

/** How well each member knew the other, by user id: from both members' stored answers and the marks. */
export async function knowingOf(
  db: Db | Tx,
  sessionId: string,
  game: GameType,
  list: LevelItem[],
  hostId: string,
  guestId: string | null,
): Promise<Record<string, Knowing> | null> {
  const rule = guessRuleOf(game);
  if (!rule || !guestId) return null;
  const [rows, marks] = await Promise.all([
    db.select({ userId: responses.userId, itemId: responses.itemId, answer: responses.answer }).from(responses).where(eq(responses.sessionId, sessionId)),
    marksOf(db, sessionId),
  ]);
  const of = (userId: string, itemId: string) => rows.find((r) => r.userId === userId && r.itemId === itemId)?.answer;
  const items = list.map((item, index) => ({ index, host: of(hostId, item.id), guest: of(guestId, item.id), mark: marks.get(item.id) ?? null }));
  const { host, guest } = knowing(rule.kind, items, (a, b) => a !== null && b !== null && a !== undefined && b !== undefined && rule.same(a, b));
  return { [hostId]: host, [guestId]: guest };
}

/** The kind of a guessing session's rule, or null for the ordinary way to play. */
export function guessKindOf(game: GameType, guessing: boolean): GuessKind | null {
  return guessing ? (guessRuleOf(game)?.kind ?? null) : null;
}

/** What a view of a guessing session needs beyond the answers: its kind and, written, the marks; null for the ordinary way. */
export async function guessFacts(db: Db | Tx, sessionId: string, facts: { game: GameType; guessing: boolean }) {
  const kind = guessKindOf(facts.game, facts.guessing);
  if (!kind) return null;
  return { kind, marks: kind === 'written' ? await marksOf(db, sessionId) : new Map<string, GuessMark>() };
}
