import type { GameModule } from '../../board/board';
import { perItem } from '../../board/per-item';
import { EmojiMovieBoard } from './board';

export const emojiMovie: GameModule<'emoji_movie'> = {
  // Each film starts afresh: an empty title field.
  Board: perItem(EmojiMovieBoard),
  words: { prompt: (view) => view.emoji_sequence, answer: (_, answer) => answer, solution: (view) => view.movie_title },
};
