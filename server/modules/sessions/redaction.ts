import type { SessionLive } from '@core/contracts/sessions';
import { definitionOf } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { type GuessKind, type GuessMark, type Knowing, splitGuess } from '@core/guessing';
import { reveal } from '@core/reveal';
import type { LevelItem } from './level-items';

/** An item a viewer at their own pace has moved past, with both members' answers as stored. */
export interface PassedItem {
  item: LevelItem;
  mine: unknown;
  theirs: unknown;
}

export interface LiveFacts {
  game: GameType;
  version: number;
  status: 'active' | 'completed';
  /** Live: the shared item's index. Own pace: the viewer's own position. */
  currentIndex: number;
  pace: 'live' | 'own';
  completedAt: Date | null;
  /** The current item, or null once completed. */
  item: LevelItem | null;
  /** The viewer's and the other member's answers to the current item, when given. */
  mine: unknown;
  theirs: unknown;
  scores?: Record<string, number> | null;
  nextLevel?: SessionLive['nextLevel'];
  /** Own pace: how many items each has answered, and the items the viewer has moved past. */
  progress?: { mine: number; partner: number } | null;
  passed?: PassedItem[];
  /** A guessing session: its kind and the marks on written guesses by item (core/guessing.ts); null: the ordinary way. */
  guess?: { kind: GuessKind; marks: Map<string, GuessMark> } | null;
  knowing?: Record<string, Knowing> | null;
}

/**
 * One item's answers as a viewer may see them: the reveal rule over what each stored, then, in a guessing session
 * that predicts, each stored `{ own, guess }` split into the answer shown and the guess beside it. Written guessing
 * stores the text alone: `answers` carry it, and the roles (`guessRole`) say which is the answer and which the guess.
 */
function revealItem(guess: LiveFacts['guess'], itemId: string, mine: unknown, theirs: unknown) {
  const shown = reveal(mine, theirs);
  if (!guess) return { ...shown, guess: null };
  if (guess.kind === 'written') return { ...shown, guess: { mine: null, partner: null, mark: guess.marks.get(itemId) ?? null } };
  const own = splitGuess(guess.kind, 'both', shown.mine);
  const partner = splitGuess(guess.kind, 'both', shown.partner);
  return { ...shown, mine: own.answer, partner: partner.answer, guess: { mine: own.guess, partner: partner.guess, mark: null } };
}

/**
 * The live state of a session as one viewer may see it
 * (docs/product/sessions-and-games.md#before-answering-what-stays-hidden): the item whole once this viewer has answered
 * it and redacted before, the partner's answer only once both have answered (the engine's reveal rule, core/reveal.ts,
 * which the daily question follows too). The one place that applies those rules to a session, for the snapshot, the
 * answer's reply and the host's moves alike.
 */
export function liveView(facts: LiveFacts): SessionLive {
  const def = definitionOf(facts.game);
  const { guess, ...answers } = revealItem(facts.guess, facts.item?.id ?? '', facts.mine, facts.theirs);
  const whole = (item: LevelItem, mine: unknown) => (mine === null ? def.redact(item.payload) : item.payload);
  const live = {
    game: facts.game,
    version: facts.version,
    session: {
      status: facts.status,
      currentIndex: facts.currentIndex,
      completedAt: facts.completedAt?.toISOString() ?? null,
      pace: facts.pace,
      guessing: !!facts.guess,
    },
    current: facts.item ? { id: facts.item.id, position: facts.item.position, payload: whole(facts.item, answers.mine) } : null,
    answers,
    guess: facts.item ? guess : null,
    progress: facts.progress ?? null,
    // The same rule for each item passed: the viewer answered it, so it is whole; the partner's answer once both have.
    passed: (facts.passed ?? []).map(({ item, mine, theirs }) => {
      const shown = revealItem(facts.guess, item.id, mine, theirs);
      return {
        id: item.id,
        position: item.position,
        payload: whole(item, shown.mine),
        mine: shown.mine,
        partner: shown.partner,
        partnerAnswered: shown.partnerAnswered,
        guess: shown.guess,
      };
    }),
    scores: facts.scores ?? null,
    knowing: facts.knowing ?? null,
    nextLevel: facts.nextLevel ?? null,
  };
  // Built from a game held as a plain GameType, so TypeScript cannot pair `game` with its payload: the response
  // serialiser checks this against the contract before it leaves.
  return live as SessionLive;
}
