import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** The bar's height while it is on screen, for what must stay clear of it: the toasts, a reveal scrolled into view. */
export const ACTION_BAR_HEIGHT = '--action-bar-height';

/** The height a bar had last: the next bar (the same bar, one question on) is said to be as tall before it is measured. */
let lastHeight: string | null = null;

/**
 * The screen's primary action, kept in reach: it sticks to the bottom of a phone's screen (above the home
 * indicator) while the content above it is taller than the screen, and sits in its place once scrolled to. It is in
 * the page's flow, so the page keeps its room at the end; while it sticks it says how tall it is
 * (`--action-bar-height` on the root), so toasts sit above it and a reveal scrolls into view above it
 * (`[data-reveal]` in styles.css).
 *
 * After the first bar, measured by a ResizeObserver, whose reports come in the frame that lays the bar out: reading
 * its size while React commits would force a layout of the whole page before that frame, and the bar appears with a
 * partner's answer (docs/performance.md, tap → partner's screen). The root's property changes only when the height
 * does.
 */
export function ActionBar({ children, className }: { children: ReactNode; className?: string }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    const say = (height: string) => {
      lastHeight = height;
      if (root.getPropertyValue(ACTION_BAR_HEIGHT) !== height) root.setProperty(ACTION_BAR_HEIGHT, height);
    };
    const measure = () => say(`${Math.ceil(el.getBoundingClientRect().height)}px`);
    // The first bar is measured at once; the next ones start from its height, and the observer corrects it if need be.
    if (lastHeight) say(lastHeight);
    else measure();
    if (typeof ResizeObserver === 'undefined') return () => root.removeProperty(ACTION_BAR_HEIGHT);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(ACTION_BAR_HEIGHT);
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
