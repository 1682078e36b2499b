import type { AnswerOf, ItemViewOf } from '@core/game-definitions';
import type { GameType } from '@core/games';

/**
 * An item passed at your own pace, in a line or two (the "Your answers so far" list, passed-answers.tsx): what was
 * asked, what an answer says in words, and the solution of a scored game. One entry per game: a game type without one
 * does not compile.
 */
interface PassedWords<G extends GameType> {
  prompt(view: ItemViewOf<G>): string;
  answer(view: ItemViewOf<G>, answer: AnswerOf<G>): string;
  solution?(view: ItemViewOf<G>): string | undefined;
}

const passedWords: { [G in GameType]: PassedWords<G> } = {
  questions: { prompt: (view) => view.text, answer: (_, answer) => answer },
  would_you_rather: { prompt: (view) => `${view.option_a} or ${view.option_b}?`, answer: (view, answer) => (answer === 'a' ? view.option_a : view.option_b) },
  emoji_movie: { prompt: (view) => view.emoji_sequence, answer: (_, answer) => answer, solution: (view) => view.movie_title },
  couple_quiz: { prompt: (view) => view.question, answer: (_, answer) => answer, solution: (view) => view.correct_answer },
};

/** A passed item's words; the snapshot pairs each item with its game's answers, which TypeScript cannot follow here. */
export function wordsOf(game: GameType, view: unknown) {
  const words = passedWords[game] as unknown as PassedWords<GameType>;
  const typed = view as ItemViewOf<GameType>;
  return {
    prompt: words.prompt(typed),
    answer: (answer: unknown) => (answer == null ? null : words.answer(typed, answer as AnswerOf<GameType>)),
    solution: words.solution?.(typed),
  };
}
