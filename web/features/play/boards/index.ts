import type { GameType } from '@core/games';
import type { Board } from './board';
import { WouldYouRatherBoard } from './would-you-rather-board';

/** The board of each game type that has one; the session screen, header and dialog are shared. */
export const boards: Partial<Record<GameType, Board>> = {
  would_you_rather: WouldYouRatherBoard,
};
