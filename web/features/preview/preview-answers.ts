import type { PizzaChoice, QuizId } from '@core/preview-content';

/** Everything the visitor answered. It lives only in PreviewPage's state (docs/product/preview.md#addresses). */
export interface PreviewAnswers {
  location: string;
  pizza: PizzaChoice | null;
  laugh: string;
  /** Whether each movie round (0 to 2) was guessed right. */
  movieResults: (boolean | undefined)[];
  adventure: string;
  quiz: Partial<Record<QuizId, string>>;
}

export const emptyAnswers: PreviewAnswers = { location: '', pizza: null, laugh: '', movieResults: [], adventure: '', quiz: {} };

export type UpdateAnswers = (patch: (prev: PreviewAnswers) => Partial<PreviewAnswers>) => void;

/** The three free-text steps share one component. */
export type TextAnswerKey = 'location' | 'laugh' | 'adventure';
