/**
 * The one rule that decides whether a couple may play a level, for every game
 * (docs/product/sessions-and-games.md#level-unlocking):
 * - free plan: only the levels content marks free are playable; the rest need Lifetime Gold ('gold');
 * - Lifetime Gold (the user's or the partner's): level 1 of every category, any free level, and level n+1 once level n
 *   is completed ('progress' until then).
 * Completion is the couple's: a level either partner has completed counts for both. The catalogue, session creation and
 * the completion dialog's next-level notice all ask this function.
 */
export type LevelLock = 'open' | 'gold' | 'progress';

export interface LevelState {
  number: number;
  free: boolean;
}

export interface CoupleProgress {
  /** Lifetime Gold, the user's own or the linked partner's. */
  gold: boolean;
  /** The numbers of this category's levels that either partner has completed. */
  completed: ReadonlySet<number>;
}

export function levelLock(level: LevelState, couple: CoupleProgress): LevelLock {
  if (!couple.gold) return level.free ? 'open' : 'gold';
  if (level.number === 1 || level.free || couple.completed.has(level.number) || couple.completed.has(level.number - 1)) return 'open';
  return 'progress';
}

/** A category's levels with the couple's completion and lock, ordered by number. */
export function categoryLocks<T extends LevelState & { completed: boolean }>(levels: T[], gold: boolean): (T & { lock: LevelLock })[] {
  const completed = new Set(levels.filter((l) => l.completed).map((l) => l.number));
  return [...levels].sort((a, b) => a.number - b.number).map((level) => ({ ...level, lock: levelLock(level, { gold, completed }) }));
}
