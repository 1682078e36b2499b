import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';

/**
 * How a level card speaks for its game (docs/product/sessions-and-games.md#question-sessions), from its definition's
 * `levels`: question levels go by depth, light to deepest, and simply Start; the games Start Game.
 */
export function levelWords(game: GameType): { start: string; depth: (number: number) => string | null } {
  const { start, depths } = gameDefinitions[game].levels;
  return { start, depth: (n) => depths[n - 1] ?? null };
}

/** "7 more levels with Lifetime Gold": the one calm line that stands for a category's levels behind Gold. */
export const moreWithGold = (count: number, more: boolean) => `${count} ${more ? 'more ' : ''}${count === 1 ? 'level' : 'levels'} with Lifetime Gold`;
