import { beforeEach, describe, expect, it } from 'vitest';
import { forgetStaleScroll, SCROLL_POSITIONS_KEY } from './fresh-scroll';

const stored = () => JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? 'null');

describe('a new document starts at the top', () => {
  beforeEach(() => sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ default: 40, abc123: 300 })));

  it("forgets the position a page opened before left under 'default', and keeps the in-app history's", () => {
    forgetStaleScroll(sessionStorage, 'navigate');
    expect(stored()).toEqual({ abc123: 300 });
  });

  it('keeps it for a reload and for back or forward, where restoring is the point', () => {
    for (const type of ['reload', 'back_forward']) {
      forgetStaleScroll(sessionStorage, type);
      expect(stored()).toEqual({ default: 40, abc123: 300 });
    }
  });

  it('drops positions it cannot read', () => {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, '{not json');
    forgetStaleScroll(sessionStorage, 'navigate');
    expect(sessionStorage.getItem(SCROLL_POSITIONS_KEY)).toBeNull();
  });
});
