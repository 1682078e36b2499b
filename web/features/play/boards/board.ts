import type { ComponentType } from 'react';
import type { AnswerOf } from '@core/game-definitions';
import type { GameType } from '@core/games';
import type { SnapshotOf } from '../api/get-session';

/**
 * What a game's board gets from the session engine, typed for its own game: its item as the viewer may see it
 * and its own answers. The board renders from the snapshot only; `onAnswer` sends (the outbox keeps it through
 * a dropped connection). A new game is one more board in ./game-board.tsx.
 */
export interface BoardProps<G extends GameType> {
  snapshot: SnapshotOf<G>;
  /** The item being played (the snapshot's, never null here). */
  current: NonNullable<SnapshotOf<G>['current']>;
  onAnswer(answer: AnswerOf<G>): void;
  /** The answer being sent right now, if any (as the outbox holds it: compare it with your own answers). */
  sending: unknown;
  /** An answer given while the server could not be reached: kept on the page, sent once it is back. */
  kept: unknown;
  /** The two have unlinked since: the answers stay visible, nothing can be picked (docs/decisions/012). */
  readOnly: boolean;
  /** The partner is in the session right now (the Couple Quiz answers only with them here, spec §2.7). */
  partnerPresent: boolean;
}

export type Board<G extends GameType> = ComponentType<BoardProps<G>>;
