import { describe, expect, it } from 'vitest';
import { categoryLocks, levelLock } from './levels';

const lvl = (number: number, free = false) => ({ number, free });
const couple = (gold: boolean, ...completed: number[]) => ({ gold, completed: new Set(completed) });

describe('levelLock', () => {
  it('opens only free levels on the free plan, whatever the couple completed', () => {
    expect(levelLock(lvl(1, true), couple(false))).toBe('open');
    expect(levelLock(lvl(1), couple(false))).toBe('gold');
    expect(levelLock(lvl(2), couple(false, 1, 2))).toBe('gold');
  });

  it('opens level 1 and each level after a completed one on Gold', () => {
    expect(levelLock(lvl(1), couple(true))).toBe('open');
    expect(levelLock(lvl(2), couple(true))).toBe('progress');
    expect(levelLock(lvl(2), couple(true, 1))).toBe('open');
    expect(levelLock(lvl(3), couple(true, 3))).toBe('open');
    expect(levelLock(lvl(3), couple(true, 1))).toBe('progress');
  });
});

describe('categoryLocks', () => {
  it('walks the levels in order whatever order they come in', () => {
    const locks = categoryLocks(
      [
        { ...lvl(3), completed: false },
        { ...lvl(1, true), completed: true },
        { ...lvl(2), completed: false },
      ],
      true,
    ).map((l) => [l.number, l.lock]);
    expect(locks).toEqual([
      [1, 'open'],
      [2, 'open'],
      [3, 'progress'],
    ]);
  });
});
