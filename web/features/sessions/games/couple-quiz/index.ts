import type { GameModule } from '../../board/board';
import { perItem } from '../../board/per-item';
import { CoupleQuizBoard } from './board';

export const coupleQuiz: GameModule<'couple_quiz'> = {
  // Each question starts afresh: no option picked.
  Board: perItem(CoupleQuizBoard),
  words: { prompt: (view) => view.question, answer: (_, answer) => answer, solution: (view) => view.correct_answer },
};
