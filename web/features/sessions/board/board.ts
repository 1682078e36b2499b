import type { ComponentType } from 'react';
import type { AnswerOf, ItemViewOf } from '@core/game-definitions';
import type { GameType } from '@core/games';
import type { SnapshotOf } from '../api/get-session';

/**
 * What a game's board gets from the session engine, typed for its own game: its item as the viewer may see it
 * and its own answers. The board renders from the snapshot only; `onAnswer` sends (the outbox keeps it through
 * a dropped connection). A new game is one more module in ../games/ (its `GameModule`).
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

/**
 * An item passed at your own pace, in a line or two (the "Your answers so far" list, passed-answers.tsx): what was
 * asked, what an answer says in words, and the solution of a scored game.
 */
export interface PassedWords<G extends GameType> {
  prompt(view: ItemViewOf<G>): string;
  answer(view: ItemViewOf<G>, answer: AnswerOf<G>): string;
  solution?(view: ItemViewOf<G>): string | undefined;
}

/**
 * Everything the web needs of one game, in its own folder (../games/<game>/index.ts): its board and the words of its
 * passed items. The registry (../games/index.ts) is keyed by every game type, so a game without one does not compile.
 */
export interface GameModule<G extends GameType> {
  Board: Board<G>;
  words: PassedWords<G>;
}
