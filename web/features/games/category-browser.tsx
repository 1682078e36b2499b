import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import type { Category } from './api/get-categories';
import { CategoriesQuery } from './categories-query';
import { GoldCategories } from './gold-categories';
import { LevelList } from './level-list';
import { moreWithGold } from './level-words';

/**
 * A game's categories with their levels as tiles, each tile the link to its level (docs/product/plans.md#how-locks-show).
 * A free couple sees what they can play first; the levels behind Gold are one line per category after it.
 */
export function CategoryBrowser({ game }: { game: GameType }) {
  const levelsHref = (categoryId: string) => routes.levels(game, categoryId);
  return (
    <CategoriesQuery game={game}>
      {({ categories, gold }) => {
        const playable = gold ? categories : categories.filter((c) => c.levels.some((l) => l.lock === 'open'));
        const locked = gold ? [] : categories.filter((c) => !playable.includes(c));
        return (
          <div className="flex flex-col gap-5">
            {playable.map((category) => (
              <CategoryCard key={category.id} game={game} category={category} gold={gold} levelsHref={levelsHref(category.id)} />
            ))}
            {locked.length > 0 && <GoldCategories categories={locked} levelsHref={levelsHref} />}
          </div>
        );
      }}
    </CategoriesQuery>
  );
}

function CategoryCard({ game, category, gold, levelsHref }: { game: GameType; category: Category; gold: boolean; levelsHref: string }) {
  const open = gold ? category.levels : category.levels.filter((l) => l.lock === 'open');
  const more = category.levels.length - open.length;
  return (
    <Card className="p-5 sm:p-6">
      <CardTitle>
        {/* The spec's "{category}: Select Level" page, for a closer look at one category. */}
        <Link to={levelsHref} className="inline-flex items-center gap-1 hover:text-brand-strong hover:underline">
          {category.name}
          <ChevronRight className="size-5 text-brand-strong" aria-hidden />
        </Link>
      </CardTitle>
      <CardText className="mt-1 line-clamp-2 text-sm">{category.description}</CardText>
      <LevelList game={game} category={category} levels={open} />
      {more > 0 && (
        <p className="mt-3 text-sm">
          <Link
            to="/pricing"
            aria-label={`${category.name}: ${moreWithGold(more, true)}`}
            className="inline-flex min-h-6 items-center font-semibold text-gold underline-offset-2 hover:underline"
          >
            {moreWithGold(more, true)}
          </Link>
        </p>
      )}
    </Card>
  );
}
