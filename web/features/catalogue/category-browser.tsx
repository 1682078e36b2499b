import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Pace } from '@core/contracts/common';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { withPace } from '@/lib/game-route';
import type { Category } from './api/get-categories';
import { CategoriesQuery } from './categories-query';
import { GoldCategories } from './gold-categories';
import { LevelList } from './level-list';
import { moreWithGold } from './level-words';
import { GuessChoice, useGuessChoice, usePartnerName } from './guess-choice';
import { PaceChoice, usePaceChoice } from './pace-choice';

/**
 * A game's categories with their levels as tiles, each tile the link to its level (docs/product/plans.md#how-locks-show).
 * A free couple sees what they can play first; the levels behind Gold are one line per category after it.
 */
export function CategoryBrowser({ game }: { game: GameType }) {
  return <CategoriesQuery game={game}>{({ categories, gold, pace }) => <Categories game={game} categories={categories} gold={gold} pace={pace} />}</CategoriesQuery>;
}

/** Above the categories, how to play: each level tile and category link carries the choice. */
function Categories({ game, categories, gold, pace: remembered }: { game: GameType; categories: Category[]; gold: boolean; pace: Pace }) {
  const [pace, setPace] = usePaceChoice(remembered);
  const [guessing, setGuessing] = useGuessChoice();
  const partner = usePartnerName();
  const levelsHref = (categoryId: string) => withPace(routes.levels(game, categoryId), pace, guessing);
  const playable = gold ? categories : categories.filter((c) => c.levels.some((l) => l.lock === 'open'));
  const locked = gold ? [] : categories.filter((c) => !playable.includes(c));
  return (
    <div className="flex flex-col gap-5">
      <PaceChoice pace={pace} onChange={setPace} />
      {categories.some((c) => c.levels.some((l) => l.play === 'either')) && <GuessChoice guessing={guessing} onChange={setGuessing} partner={partner} />}
      {playable.map((category) => (
        <CategoryCard key={category.id} game={game} category={category} gold={gold} pace={pace} guessing={guessing} levelsHref={levelsHref(category.id)} />
      ))}
      {locked.length > 0 && <GoldCategories categories={locked} levelsHref={levelsHref} />}
    </div>
  );
}

function CategoryCard({
  game,
  category,
  gold,
  pace,
  guessing,
  levelsHref,
}: {
  game: GameType;
  category: Category;
  gold: boolean;
  pace: Pace;
  guessing: boolean;
  levelsHref: string;
}) {
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
      {category.levels.every((l) => l.play === 'guessing') && <p className="mt-1 text-sm font-semibold text-brand-strong">Played by guessing each other&apos;s picks</p>}
      <LevelList game={game} category={category} levels={open} pace={pace} guessing={guessing} />
      {more > 0 && (
        <p className="mt-3 text-sm">
          <Link
            to={routes.pricing}
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
