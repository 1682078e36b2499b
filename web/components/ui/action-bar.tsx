import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** The bar's height while it is on screen, for what must stay clear of it: the toasts, a reveal scrolled into view. */
export const ACTION_BAR_HEIGHT = '--action-bar-height';

/** The height of the bar on screen now, `null` when there is none. */
let current: string | null = null;
const listeners = new Set<(height: string | null) => void>();

function publish(height: string | null) {
  if (height === current) return;
  current = height;
  for (const listener of listeners) listener(height);
}

/** The height of the action bar on screen (`"72px"`), or `null` when no screen shows one. */
export const actionBarHeight = () => current;

/** Calls `listener` with the bar's height now and whenever it changes (`null`: no bar); returns the unsubscribe. */
export function onActionBarHeight(listener: (height: string | null) => void): () => void {
  listeners.add(listener);
  listener(current);
  return () => void listeners.delete(listener);
}

/**
 * The screen's primary action, kept in reach: it sticks to the bottom of a phone's screen (above the home
 * indicator) while the content above it is taller than the screen, and sits in its place once scrolled to. It is in
 * the page's flow, so the page keeps its room at the end; while it is on screen it says how tall it is
 * (`onActionBarHeight`), so toasts sit above it (toaster.tsx) and a reveal scrolls into view above it
 * (use-reveal-in-view.ts).
 *
 * The height is told to those two and set on nothing wider: a custom property on the document's root would make the
 * browser compute the style of the whole page again in the frame that shows the bar, and the bar appears with a
 * partner's answer (docs/performance.md, tap → partner's screen). It is measured by a ResizeObserver, whose reports
 * come in the frame that lays the bar out: reading its size while React commits would force a layout of the whole
 * page before that frame.
 */
export function ActionBar({ children, className }: { children: ReactNode; className?: string }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const measure = () => publish(`${Math.ceil(el.getBoundingClientRect().height)}px`);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return () => publish(null);
    }
    // Its first report comes in the frame that lays the bar out, before that frame is painted: the toasts are above
    // the bar from its first frame, and nothing here forces a layout while React commits.
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) publish(`${Math.ceil(box.blockSize)}px`);
      else measure();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      publish(null);
    };
  }, []);
  return (
    <div
      ref={bar}
      className={cn(
        'sticky bottom-0 z-20 -mx-4 flex justify-center bg-gradient-to-t from-canvas from-60% to-canvas/0 px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:mx-0 sm:px-0',
        className,
      )}
    >
      {children}
    </div>
  );
}
