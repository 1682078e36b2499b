import type { GameType } from '@core/games';
import type { SessionSnapshot } from '../api/get-session';
import type { BoardProps } from './board';
import { ComingSoonBoard } from './coming-soon-board';
import { WouldYouRatherBoard } from './would-you-rather-board';

type Shared = Omit<BoardProps<GameType>, 'snapshot' | 'current'>;

/**
 * The registry of boards: each game's snapshot goes to its own board, typed for that game (TypeScript narrows the
 * snapshot by its `game`). The session screen, header and dialog are shared and name no game; a game whose board
 * is not built yet says so honestly.
 */
export function GameBoard({ snapshot, ...shared }: Shared & { snapshot: SessionSnapshot }) {
  switch (snapshot.game) {
    case 'would_you_rather':
      return snapshot.current && <WouldYouRatherBoard snapshot={snapshot} current={snapshot.current} {...shared} />;
    case 'questions':
    case 'emoji_movie':
    case 'couple_quiz':
      return <ComingSoonBoard game={snapshot.game} />;
    default:
      return snapshot satisfies never;
  }
}
