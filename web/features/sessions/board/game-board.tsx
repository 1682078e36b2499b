import { type AnswerOf, gameDefinitions, type ItemViewOf } from '@core/game-definitions';
import type { GameType } from '@core/games';
import type { SessionSnapshot } from '../api/get-session';
import { gameModules } from '../games';
import type { Board, BoardProps, PassedWords } from './board';
import { GuessBoard } from './guess-board';

type Shared = Omit<BoardProps<GameType>, 'snapshot' | 'current' | 'onAnswer'> & { onAnswer(answer: unknown, guess?: unknown): void };

/**
 * Each game's snapshot goes to its own board (its module in ../games/). The session screen, header and dialog are
 * shared and name no game.
 */
export function GameBoard({ snapshot, ...shared }: Shared & { snapshot: SessionSnapshot }) {
  if (!snapshot.current) return null;
  // Guess my answer is a way to play, not a game: one board for every activity that offers it.
  if (snapshot.session.guessing) return <GuessBoard snapshot={snapshot} onAnswer={shared.onAnswer} sending={shared.sending} kept={shared.kept} readOnly={shared.readOnly} />;
  // `gameModules` is keyed by the game, so the board matches the snapshot's game; TypeScript cannot follow that link itself.
  const GameBoardOf = gameModules[snapshot.game].Board as unknown as Board<GameType>;
  return <GameBoardOf snapshot={snapshot} current={snapshot.current} {...shared} />;
}

/** The host's button once both have answered, in the game's own words (core/game-definitions.ts `advance`). */
export function advanceLabel({ game, session, itemCount }: SessionSnapshot): string {
  const { advance } = gameDefinitions[game];
  return session.currentIndex >= itemCount - 1 ? advance.last : advance.other;
}

/** A passed item's words; the snapshot pairs each item with its game's answers, which TypeScript cannot follow here. */
export function wordsOf(game: GameType, view: unknown) {
  const words = gameModules[game].words as unknown as PassedWords<GameType>;
  const typed = view as ItemViewOf<GameType>;
  return {
    prompt: words.prompt(typed),
    answer: (answer: unknown) => (answer == null ? null : words.answer(typed, answer as AnswerOf<GameType>)),
    solution: words.solution?.(typed),
  };
}
