import { useEffect, useState } from 'react';

interface Waiting {
  work: () => void;
  cancelled: boolean;
}

/** The works waiting for the next frame, or null when no frame is asked for. */
let waiting: Waiting[] | null = null;

/**
 * Runs `work` once the browser has painted the next frame: what a change must show first (a partner's answer) paints
 * without waiting for what may follow it (a scroll, toasts leaving, a measure that forces a layout). A frame's
 * `requestAnimationFrame` callbacks run before its paint, and a task posted from one runs after it. Returns a cancel.
 *
 * Every work asked for before the same frame shares one callback in it and one task after it: the frame that shows a
 * partner's answer runs one callback of ours however many parts of the screen wait for it, and what they set then
 * renders once, together.
 */
export function afterNextPaint(work: () => void): () => void {
  const entry: Waiting = { work, cancelled: false };
  if (!waiting) {
    const batch: Waiting[] = (waiting = []);
    requestAnimationFrame(() => {
      waiting = null;
      setTimeout(() => {
        for (const { work, cancelled } of batch) if (!cancelled) work();
      }, 0);
    });
  }
  waiting.push(entry);
  return () => {
    entry.cancelled = true;
  };
}

/**
 * `on`, a painted frame late: what follows a change (the bar under a reveal) is added once the change itself is on
 * screen, so the frame that shows it has only it to lay out and paint. `key` names what it is for (an item): a new
 * key starts late again. On at the first render, it is on at once: a screen that loads with it has nothing to wait
 * for.
 */
export function useOnAfterPaint(on: boolean, key: string | undefined): boolean {
  const [paintedFor, setPaintedFor] = useState<string | undefined | null>(() => (on ? key : null));
  const painted = paintedFor === key && paintedFor !== null;
  useEffect(() => {
    if (on && !painted) return afterNextPaint(() => setPaintedFor(key));
  }, [on, painted, key]);
  return on && painted;
}
