import type { ComponentType } from 'react';
import type { SessionSnapshot } from '../api/get-session';

/**
 * What a game's board gets from the session engine. The board renders the current item and the answers from
 * the snapshot only; `onAnswer` posts and reloads. A new game is one more board.
 */
export interface BoardProps {
  snapshot: SessionSnapshot & { current: NonNullable<SessionSnapshot['current']> };
  onAnswer(answer: unknown): void;
  /** The answer being sent right now, if any. */
  sending: unknown;
  /** An answer given while the server could not be reached: kept on the page, sent once it is back. */
  kept: unknown;
  /** The two have unlinked since: the answers stay visible, nothing can be picked (docs/decisions/012). */
  readOnly: boolean;
}

export type Board = ComponentType<BoardProps>;
