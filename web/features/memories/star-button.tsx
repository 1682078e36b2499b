import type { StarTarget } from '@core/contracts/memories';
import { cn } from '@/lib/cn';
import { useSetStar } from './api/memories';
import { StarIcon } from './star-icon';

/** The couple's star on an item or a day: either sets or clears it, and both see it (docs/product/memories.md#favourites). */
export function StarButton({ target, starred, label }: { target: StarTarget; starred: boolean; label: string }) {
  const star = useSetStar();
  const on = star.isPending ? star.variables.starred : starred;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Star ${label}`}
      onClick={() => star.mutate({ target, starred: !on })}
      className="grid size-11 shrink-0 place-items-center rounded-full text-gold hover:bg-gold-soft focus:outline-none focus-visible:ring-4 focus-visible:ring-gold/30"
    >
      <StarIcon className={cn('size-5', on && 'fill-current')} />
    </button>
  );
}
