import type { GameModule } from '../../board/board';
import { WouldYouRatherBoard } from './board';

export const wouldYouRather: GameModule<'would_you_rather'> = {
  Board: WouldYouRatherBoard,
  words: { prompt: (view) => `${view.option_a} or ${view.option_b}?`, answer: (view, answer) => (answer === 'a' ? view.option_a : view.option_b) },
};
