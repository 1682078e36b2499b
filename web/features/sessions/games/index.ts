import type { GameType } from '@core/games';
import type { GameModule } from '../board/board';
import { coupleQuiz } from './couple-quiz';
import { emojiMovie } from './emoji-movie';
import { questions } from './questions';
import { wouldYouRather } from './would-you-rather';

/** Every game's web module, typed for its game: a game type without one here does not compile. */
export type GameModules = { [G in GameType]: GameModule<G> };

/** The registry of the games' web modules (one line per game; each module is its folder here). */
export const gameModules: GameModules = {
  questions,
  would_you_rather: wouldYouRather,
  emoji_movie: emojiMovie,
  couple_quiz: coupleQuiz,
};
