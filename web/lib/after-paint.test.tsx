import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, useOnAfterPaint } from './after-paint';

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

describe('afterNextPaint', () => {
  it('runs the works asked for before a frame in one task after it, in order, without the cancelled ones', async () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const ran: string[] = [];
    afterNextPaint(() => ran.push('first'));
    const cancel = afterNextPaint(() => ran.push('cancelled'));
    afterNextPaint(() => ran.push('second'));
    cancel();
    expect(frames).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
    await vi.waitFor(() => expect(ran).toEqual(['first', 'second']));
    // The next frame is asked for anew.
    afterNextPaint(() => ran.push('third'));
    expect(frames).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(ran).toEqual(['first', 'second', 'third']));
    frames.mockRestore();
  });
});
