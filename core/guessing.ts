/**
 * Guess my answer (docs/product/guess-my-answer.md): a way to play, like own pace, chosen when a session is made, for
 * the activities whose definition has a `guess` rule. One rule for all of them, no I/O: who answers and who guesses an
 * item, what an answer carries, how it is stored, and who knew whom. The server applies it to what it stores and
 * sends; the web draws one board from it (web/features/sessions/board/guess-board.tsx).
 */

/**
 * 'predict': each player picks their own option and predicts the partner's (Would You Rather, Couple Quiz's "About
 * us"). 'written': one partner answers in their own words, the other writes what they think that answer was; roles
 * alternate item by item, and the answering partner marks the guess (questions).
 */
export type GuessKind = 'predict' | 'written';

/** How a level of a game's items may be played: the ordinary way only, either way, or only by guessing. */
export type GuessPlay = 'ordinary' | 'either' | 'guessing';

/** A player's part in one item: both answer and predict ('both'), or, written, one answers and the other guesses. */
export type GuessRole = 'both' | 'answerer' | 'guesser';

/**
 * Guess my answer's sentences: here, not in core/messages.ts, which every public page loads; the error codes and the
 * server read them from here.
 */
export const guessMessages = {
  guessingOnly: "This level is about the two of you, so it is played by guessing each other's answers. Choose Guess my answer to play it.",
  guessingNotOffered: "This level can't be played by guessing. Play it the usual way.",
  notGuessing: "This session isn't played by guessing, so it takes no guesses or marks.",
  guessMissing: "Pick your own answer and your guess of your partner's.",
  writtenGuess: 'In a written round, your answer or your guess is sent as the answer itself.',
  notYourMark: 'Only the partner who answered can mark the guess.',
} as const;

/** The answering partner's mark on a written guess: a record of its own (migration 0015 `guess_marks`). */
export const GUESS_MARKS = ['spot_on', 'close', 'not_quite'] as const;
export type GuessMark = (typeof GUESS_MARKS)[number];
export const GUESS_MARK_WORDS: Record<GuessMark, string> = { spot_on: 'Spot on', close: 'Close', not_quite: 'Not quite' };

/**
 * Written guessing: the host answers the first item and the guest guesses it, then the other way round, by the item's
 * index in the session's order (the same order for both, live or at their own pace).
 */
export function guessRole(kind: GuessKind, index: number, seat: 'host' | 'guest'): GuessRole {
  if (kind === 'predict') return 'both';
  return (index % 2 === 0) === (seat === 'host') ? 'answerer' : 'guesser';
}

/**
 * What one player gave for an item, as the engine stores it in `responses.answer`: a prediction stores
 * `{ own, guess }`; written guessing stores the text alone, its meaning given by the player's role.
 */
export interface StoredPrediction<A> {
  own: A;
  guess: A;
}

export const isPrediction = (stored: unknown): stored is StoredPrediction<unknown> => typeof stored === 'object' && stored !== null && 'own' in stored && 'guess' in stored;

/** The player's own answer and their guess, from what is stored, for a guessing session's kind and the player's role. */
export function splitGuess<A>(kind: GuessKind, role: GuessRole, stored: unknown): { answer: A | null; guess: A | null } {
  if (stored === undefined || stored === null) return { answer: null, guess: null };
  if (kind === 'predict') return isPrediction(stored) ? { answer: stored.own as A, guess: stored.guess as A } : { answer: null, guess: null };
  return role === 'guesser' ? { answer: null, guess: stored as A } : { answer: stored as A, guess: null };
}

/** One item of a finished or running guessing session, as both members gave it. */
export interface GuessedItem {
  index: number;
  host: unknown;
  guest: unknown;
  /** Written: the answering partner's mark on the guess, if given. */
  mark?: GuessMark | null;
}

/** How well one member knew the other: guesses made on items both answered, right ones, and (written) close ones and those not yet marked. */
export interface Knowing {
  knew: number;
  of: number;
  close: number;
  unmarked: number;
}

const empty = (): Knowing => ({ knew: 0, of: 0, close: 0, unmarked: 0 });

/**
 * Who knew whom, by seat: a prediction is right when it is the partner's own pick (`same`, the game's comparison);
 * a written guess counts as known when its answerer marked it "Spot on" ("Close" is counted apart, never as a point).
 */
export function knowing(kind: GuessKind, items: GuessedItem[], same: (a: unknown, b: unknown) => boolean): { host: Knowing; guest: Knowing } {
  const host = empty();
  const guest = empty();
  for (const item of items) {
    if (item.host === undefined || item.host === null || item.guest === undefined || item.guest === null) continue;
    if (kind === 'predict') {
      const h = splitGuess(kind, 'both', item.host);
      const g = splitGuess(kind, 'both', item.guest);
      host.of += 1;
      guest.of += 1;
      if (same(h.guess, g.answer)) host.knew += 1;
      if (same(g.guess, h.answer)) guest.knew += 1;
      continue;
    }
    // Written: only the guesser of the item is scored.
    const guesser = guessRole(kind, item.index, 'host') === 'guesser' ? host : guest;
    guesser.of += 1;
    if (item.mark === 'spot_on') guesser.knew += 1;
    else if (item.mark === 'close') guesser.close += 1;
    else if (!item.mark) guesser.unmarked += 1;
  }
  return { host, guest };
}

/** The completion dialog's gentle verdict on both scores together: never a humiliating one. */
export function knowingVerdict(a: Knowing, b: Knowing): string {
  const of = a.of + b.of;
  if (of === 0) return 'Every answer is something new to learn about each other.';
  const share = (a.knew + b.knew) / of;
  if (share >= 0.8) return 'You two really know each other.';
  if (share >= 0.5) return 'You know each other well, with a few surprises left.';
  if (share >= 0.25) return 'Some good guesses, and plenty still to discover.';
  return 'So much still to discover about each other: that is the fun part.';
}

/** The best "know each other" share of a couple's finished guessing sessions, for the dashboard's Love Story card. */
export function knowingShare(a: Knowing, b: Knowing): number | null {
  const of = a.of + b.of;
  return of === 0 ? null : (a.knew + b.knew) / of;
}
