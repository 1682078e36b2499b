import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOnAfterPaint } from './after-paint';

describe('useOnAfterPaint', () => {
  it('turns on a painted frame after its condition, and again late for a new key', async () => {
    const { result, rerender } = renderHook(({ on, key }) => useOnAfterPaint(on, key), { initialProps: { on: false, key: 'i1' } });
    expect(result.current).toBe(false);
    rerender({ on: true, key: 'i1' });
    // Not in the render that turns the condition on: that frame shows the change alone.
    expect(result.current).toBe(false);
    // Once the frame that showed it is painted.
    await vi.waitFor(() => expect(result.current).toBe(true));
    // The next item: off at once, late again once it applies.
    rerender({ on: false, key: 'i2' });
    expect(result.current).toBe(false);
    rerender({ on: true, key: 'i2' });
    expect(result.current).toBe(false);
    await vi.waitFor(() => expect(result.current).toBe(true));
  });

  it('is on at once when it is on at the first render: a screen that loads with it waits for nothing', () => {
    const { result } = renderHook(() => useOnAfterPaint(true, 'i1'));
    expect(result.current).toBe(true);
  });
});
