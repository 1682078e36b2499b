import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * A pointer that hovers and is precise is a mouse or a trackpad, so there is a keyboard at hand. A touch screen (a
 * phone, a tablet without one) answers no, whatever its width: a narrow desktop window still has its keyboard.
 */
export const KEYBOARD_QUERY = '(hover: hover) and (pointer: fine)';

export const useHasKeyboard = () => useMediaQuery(KEYBOARD_QUERY);

/** A line about keys, shown only where there is a keyboard to press them (not on a touch screen). */
export function KeyboardHint({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  if (!useHasKeyboard()) return null;
  return (
    <p id={id} className={cn('text-xs text-ink-muted', className)}>
      {children}
    </p>
  );
}
