import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** The bar's height while it is on screen, for what must stay clear of it: the toasts, a reveal scrolled into view. */
export const ACTION_BAR_HEIGHT = '--action-bar-height';

/**
 * The screen's primary action, kept in reach: it sticks to the bottom of a phone's screen (above the home
 * indicator) while the content above it is taller than the screen, and sits in its place once scrolled to. It is in
 * the page's flow, so the page keeps its room at the end; while it sticks it says how tall it is
 * (`--action-bar-height` on the root), so toasts sit above it and a reveal scrolls into view above it
 * (`[data-reveal]` in styles.css).
 */
export function ActionBar({ children, className }: { children: ReactNode; className?: string }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(ACTION_BAR_HEIGHT, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
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
