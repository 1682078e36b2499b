import { ChevronRight, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api';
import { useCategories } from './api/get-categories';
import { LevelList } from './level-list';

/** Categories and their levels for one game, with the plan's locks. With `levelsHref`, a category card opens its levels. */
export function CategoryBrowser({ game, levelsHref }: { game: string; levelsHref?: (categoryId: string) => string }) {
  const query = useCategories(game);
  if (query.isPending) return <Spinner label="Loading categories" />;
  if (query.isError) return <Alert tone="error">{errorMessage(query.error, 'Could not load the categories. Please try again.')}</Alert>;
  const { categories, gold } = query.data;
  if (!categories.length) return <Alert tone="info">No categories yet for this game.</Alert>;
  return (
    <div className="flex flex-col gap-5">
      {!gold && (
        <Card className="flex flex-col items-start gap-3 bg-gold-soft/60 sm:flex-row sm:items-center">
          <Crown className="size-6 text-gold" aria-hidden />
          <CardText className="flex-1 text-sm text-ink">The free plan opens one level in each game. Lifetime Gold opens them all, for both of you.</CardText>
          <Button asChild variant="gold" size="sm">
            <Link to="/pricing">Upgrade to Premium</Link>
          </Button>
        </Card>
      )}
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
  );
}
