import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardText } from '@/components/ui/card';
import type { Category } from './api/get-categories';
import { FREE_PLAN_NOTE } from './free-plan-banner';
import { moreWithGold } from './level-words';
import { routes } from '@core/routes';

/**
 * On the free plan, after what the couple can play: every category whose levels all need Gold, one line each
 * (docs/product/plans.md#how-locks-show), instead of a wall of locked tiles.
 */
export function GoldCategories({ categories, levelsHref }: { categories: Category[]; levelsHref: (categoryId: string) => string }) {
  return (
    <Card aria-labelledby="gold-categories" className="bg-gold-soft/40">
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <Crown className="size-6 shrink-0 text-gold" aria-hidden />
        <div className="flex-1">
          <h2 id="gold-categories" className="text-lg font-bold text-ink">
            More with Lifetime Gold
          </h2>
          <CardText className="text-sm">{FREE_PLAN_NOTE}</CardText>
        </div>
        <Button asChild variant="gold" size="sm">
          <Link to={routes.pricing}>Get Lifetime Gold</Link>
        </Button>
      </div>
      <ul className="mt-4 divide-y divide-line/70" aria-label="Categories with Lifetime Gold">
        {categories.map((category) => (
          <li key={category.id} className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 py-1.5">
            <Link to={levelsHref(category.id)} className="inline-flex min-h-6 items-center font-semibold text-ink hover:text-brand-strong hover:underline">
              {category.name}
            </Link>
            <Link
              to={routes.pricing}
              aria-label={`${category.name}: ${moreWithGold(category.levels.length, false)}`}
              className="inline-flex min-h-6 items-center text-sm text-ink-muted hover:text-gold hover:underline"
            >
              {moreWithGold(category.levels.length, false)}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
