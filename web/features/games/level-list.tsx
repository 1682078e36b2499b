import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { LevelBadge } from './level-badge';
import type { Category } from './api/get-categories';

const levelTone = ['text-level-1', 'text-level-2', 'text-level-3'];

/** A category's levels: stars equal to the level number (green, yellow, red for 1 to 3), lock and completion. */
export function LevelList({ category }: { category: Category }) {
  return (
    <ul className="mt-4 grid gap-2.5 sm:grid-cols-3">
      {category.levels.map((level) => (
        <li key={level.id} className={cn('rounded-control border border-line bg-canvas/60 p-3.5', level.lock !== 'open' && 'border-dashed bg-transparent')}>
          <div className="flex items-center justify-between gap-2">
            <span className={cn('flex gap-0.5', levelTone[Math.min(level.number, 3) - 1])} role="img" aria-label={`Level ${level.number}`}>
              {Array.from({ length: level.number }, (_, i) => (
                <Star key={i} className="size-4 fill-current" aria-hidden />
              ))}
            </span>
            <LevelBadge level={level} />
          </div>
          <p className="mt-2 font-semibold text-ink">{level.name}</p>
          <p className="text-sm text-ink-muted">{level.description}</p>
          <p className="mt-1 text-xs text-ink-muted">
            {level.itemCount} {level.itemCount === 1 ? 'question' : 'questions'}
          </p>
        </li>
      ))}
    </ul>
  );
}
