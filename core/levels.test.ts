import { describe, expect, it } from 'vitest';
import { categoryLocks, levelLock } from './levels';

const lvl = (number: number, free = false, completed = false) => ({ number, free, completed });

describe('levelLock', () => {
  it('opens only free levels on the free plan', () => {
    expect(levelLock(lvl(1, true), false, false)).toBe('open');
    expect(levelLock(lvl(1), false, false)).toBe('premium');
    expect(levelLock(lvl(2, false, true), false, true)).toBe('premium');
  });

  it('opens level 1 and each level after a completed one on Gold', () => {
    expect(levelLock(lvl(1), true, false)).toBe('open');
    expect(levelLock(lvl(2), true, false)).toBe('progress');
    expect(levelLock(lvl(2), true, true)).toBe('open');
    expect(levelLock(lvl(3, false, true), true, false)).toBe('open');
  });
});

describe('categoryLocks', () => {
  it('walks the levels in order whatever order they come in', () => {
    const locks = categoryLocks([lvl(3), lvl(1, true, true), lvl(2)], true).map((l) => [l.number, l.lock]);
    expect(locks).toEqual([
      [1, 'open'],
      [2, 'open'],
      [3, 'progress'],
    ]);
  });
});
