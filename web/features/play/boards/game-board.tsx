import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import type { SessionSnapshot } from '../api/get-session';
import type { Board, BoardProps } from './board';
import { CoupleQuizBoard } from './couple-quiz-board';
import { EmojiMovieBoard } from './emoji-movie-board';
import { QuestionsBoard } from './questions-board';
import { WouldYouRatherBoard } from './would-you-rather-board';

type Shared = Omit<BoardProps<GameType>, 'snapshot' | 'current'>;

/** Every game's board, typed for its game: a game type without one here does not compile. */
export type Boards = { [G in GameType]: Board<G> };

/** A board that starts afresh with each item (an empty title, no option picked): keyed by the item. */
function perItem<G extends GameType>(Inner: Board<G>): Board<G> {
  const Fresh: Board<G> = (props) => <Inner key={props.current.id} {...props} />;
  Fresh.displayName = `PerItem(${Inner.displayName ?? Inner.name})`;
  return Fresh;
}

/** The registry of boards (one line per game). */
export const boards: Boards = {
  questions: QuestionsBoard,
  would_you_rather: WouldYouRatherBoard,
  emoji_movie: perItem(EmojiMovieBoard),
  couple_quiz: perItem(CoupleQuizBoard),
};

/**
 * Each game's snapshot goes to its own board. The session screen, header and dialog are shared and name no game.
 */
export function GameBoard({ snapshot, ...shared }: Shared & { snapshot: SessionSnapshot }) {
  if (!snapshot.current) return null;
  // `boards` is keyed by the game, so the board matches the snapshot's game; TypeScript cannot follow that link itself.
  const GameBoardOf = boards[snapshot.game] as unknown as Board<GameType>;
  return <GameBoardOf snapshot={snapshot} current={snapshot.current} {...shared} />;
}

/** The host's button once both have answered, in the game's own words (core/game-definitions.ts `advance`). */
export function advanceLabel({ game, session, itemCount }: SessionSnapshot): string {
  const { advance } = gameDefinitions[game];
  return session.currentIndex >= itemCount - 1 ? advance.last : advance.other;
}
