import type { GameType } from '@core/games';
import type { SessionSnapshot } from '../api/get-session';
import type { BoardProps } from './board';
import { CoupleQuizBoard } from './couple-quiz-board';
import { EmojiMovieBoard } from './emoji-movie-board';
import { QuestionsBoard } from './questions-board';
import { WouldYouRatherBoard } from './would-you-rather-board';

type Shared = Omit<BoardProps<GameType>, 'snapshot' | 'current'>;

/**
 * The registry of boards: each game's snapshot goes to its own board, typed for that game (TypeScript narrows the
 * snapshot by its `game`). The session screen, header and dialog are shared and name no game.
 */
export function GameBoard({ snapshot, ...shared }: Shared & { snapshot: SessionSnapshot }) {
  switch (snapshot.game) {
    case 'would_you_rather':
      return snapshot.current && <WouldYouRatherBoard snapshot={snapshot} current={snapshot.current} {...shared} />;
    // Keyed by the item: a new question starts with an empty title and no option picked.
    case 'emoji_movie':
      return snapshot.current && <EmojiMovieBoard key={snapshot.current.id} snapshot={snapshot} current={snapshot.current} {...shared} />;
    case 'couple_quiz':
      return snapshot.current && <CoupleQuizBoard key={snapshot.current.id} snapshot={snapshot} current={snapshot.current} {...shared} />;
    case 'questions':
      return snapshot.current && <QuestionsBoard snapshot={snapshot} current={snapshot.current} {...shared} />;
    default:
      return snapshot satisfies never;
  }
}

/** The host's button once both have answered, in the game's own words (spec §2.6, §2.7; docs/product/sessions-and-games.md#question-sessions). */
export function advanceLabel(snapshot: SessionSnapshot): string {
  switch (snapshot.game) {
    case 'emoji_movie':
      return 'Next Question';
    case 'couple_quiz':
      return snapshot.session.currentIndex >= snapshot.itemCount - 1 ? 'Finish Quiz' : 'Next Question';
    case 'questions':
      return snapshot.session.currentIndex >= snapshot.itemCount - 1 ? 'Finish' : 'Next Question';
    case 'would_you_rather':
      return 'Next';
    default:
      return snapshot satisfies never;
  }
}
