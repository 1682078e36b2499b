import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const layouts = {
  /** A compact answer, text centred (the quiz). */
  row: 'min-h-14 justify-center px-4 py-3 text-center',
  /** A tall card with an illustration above the text (Would You Rather). */
  card: 'flex-col justify-center gap-3 px-5 py-6 text-center text-lg sm:min-h-44 sm:flex-1',
} as const;

/** A big tappable answer. `selected` marks the answer picked on an earlier visit. */
export function ChoiceButton({
  children,
  leading,
  selected,
  layout = 'row',
  onClick,
}: {
  children: ReactNode;
  leading?: ReactNode;
  selected?: boolean;
  layout?: keyof typeof layouts;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        'flex w-full items-center rounded-control border-2 font-semibold text-ink transition-colors duration-150 active:translate-y-px',
        selected ? 'border-brand bg-brand-soft' : 'border-line bg-surface hover:border-brand/60 hover:bg-surface-soft',
        layouts[layout],
      )}
    >
      {leading}
      <span className="min-w-0">{children}</span>
    </button>
  );
}
