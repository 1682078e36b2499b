/**
 * Runs `work` once the browser has painted the next frame: what a change must show first (a partner's answer) paints
 * without waiting for what may follow it (a scroll, toasts leaving, a measure that forces a layout). A frame's
 * `requestAnimationFrame` callbacks run before its paint, and a task posted from one runs after it. Returns a cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
