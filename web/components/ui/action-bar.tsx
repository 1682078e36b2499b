import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The screen's primary action, kept in reach: it sticks to the bottom of a phone's screen (above the home
 * indicator) while the content above it is taller than the screen, and sits in its place once scrolled to.
 */
export function ActionBar({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'sticky bottom-0 z-20 -mx-4 flex justify-center bg-gradient-to-t from-canvas from-60% to-canvas/0 px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:mx-0 sm:px-0',
        className,
      )}
    >
      {children}
    </div>
  );
}
