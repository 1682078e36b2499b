import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { CategoriesQuery } from './categories-query';
import { FreePlanBanner } from './free-plan-banner';
import { LevelList } from './level-list';

/** Categories and their levels for one game, with the plan's locks. With `levelsHref`, a category card opens its levels. */
export function CategoryBrowser({ game, levelsHref }: { game: string; levelsHref?: (categoryId: string) => string }) {
  return (
    <CategoriesQuery game={game}>
      {({ categories, gold }) => (
        <div className="flex flex-col gap-5">
          {!gold && <FreePlanBanner />}
          {categories.map((category) => (
            <Card key={category.id} className={cn(levelsHref && 'relative transition-shadow hover:shadow-lift')}>
              {levelsHref ? (
                <CardTitle>
                  {/* The link's ::after covers the card: one tab stop, the whole card clickable. */}
                  <Link to={levelsHref(category.id)} className="flex items-center justify-between gap-2 after:absolute after:inset-0 after:rounded-card hover:text-brand-strong">
                    {category.name}
                    <span className="inline-flex items-center gap-1 text-sm font-semibold text-brand-strong">
                      Select Level <ChevronRight className="size-4" aria-hidden />
                    </span>
                  </Link>
                </CardTitle>
              ) : (
                <CardTitle>{category.name}</CardTitle>
              )}
              <CardText className="mt-1 text-sm">{category.description}</CardText>
              <LevelList category={category} />
            </Card>
          ))}
        </div>
      )}
    </CategoriesQuery>
  );
}
