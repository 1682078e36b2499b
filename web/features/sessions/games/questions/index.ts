import type { GameModule } from '../../board/board';
import { QuestionsBoard } from './board';

export const questions: GameModule<'questions'> = {
  Board: QuestionsBoard,
  words: { prompt: (view) => view.text, answer: (_, answer) => answer },
};
