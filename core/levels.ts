/**
 * One lock rule for every game (decisions §6, §7):
 * - free plan: only the levels content marks free are playable; the rest need Lifetime Gold;
 * - Lifetime Gold (the user's or the partner's): level 1 of every category, and level n+1 once level n is completed.
 */
export type LevelLock = 'open' | 'premium' | 'progress';

export interface LevelState {
  number: number;
  free: boolean;
  completed: boolean;
}

export function levelLock(level: LevelState, premium: boolean, previousCompleted: boolean): LevelLock {
  if (!premium) return level.free ? 'open' : 'premium';
  if (level.number === 1 || level.free || level.completed || previousCompleted) return 'open';
  return 'progress';
}

/** Locks for a category's levels, ordered by number. */
export function categoryLocks<T extends LevelState>(levels: T[], premium: boolean): (T & { lock: LevelLock })[] {
  const sorted = [...levels].sort((a, b) => a.number - b.number);
  return sorted.map((level, i) => ({ ...level, lock: levelLock(level, premium, i > 0 && sorted[i - 1].completed) }));
}
