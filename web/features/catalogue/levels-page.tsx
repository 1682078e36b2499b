import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Page, PageHeading } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useGameRoute } from '@/lib/game-route';
import { usePageTitle } from '@/lib/page-title';
import { useCategories } from './api/get-categories';
import { CategoryDone } from './category-done';
import { LevelCard } from './level-card';
import { GuessChoice, useGuessChoice, usePartnerName } from './guess-choice';
import { PaceChoice, usePaceChoice } from './pace-choice';

/**
 * A category's levels, the same page for every game (docs/product/plans.md#how-locks-show):
 * /games/:gameType/categories/:categoryId, /games/:gameType/levels/:categoryId and
 * /games/emoji_movie/categories/:categoryId/levels (docs/product/sessions-and-games.md#addresses).
 */
export function LevelsPage() {
  const { categoryId = '' } = useParams();
  const { game, canonicalPath } = useGameRoute();
  if (canonicalPath) return <Navigate to={canonicalPath} replace />;
  return (
    <Page>
      <Link to={game ? routes.categories(game) : routes.games} className="mb-4 inline-flex items-center gap-1.5 font-semibold text-brand-strong hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {game ? 'All categories' : 'All games'}
      </Link>
      {game ? <Levels game={game} categoryId={categoryId} /> : <Alert tone="error">{messages.game.unknownGameType}</Alert>}
    </Page>
  );
}

function Levels({ game, categoryId }: { game: GameType; categoryId: string }) {
  const query = useCategories(game);
  const named = query.data?.categories.find((c) => c.id === categoryId || c.slug === categoryId);
  usePageTitle(gameDefinitions[game].displayName, named?.name ?? 'Levels');
  const [pace, setPace] = usePaceChoice(query.data?.pace ?? 'live');
  const [guessing, setGuessing] = useGuessChoice();
  const partner = usePartnerName();
  if (query.isPending) return <Spinner label="Loading levels" />;
  if (query.isError) return <Alert tone="error">{errorMessage(query.error, 'Could not load the levels. Please try again.')}</Alert>;
  const category = query.data.categories.find((c) => c.id === categoryId || c.slug === categoryId);
  if (!category)
    return (
      <Alert tone="error" title="Category not found">
        This category does not exist. Pick another one from the list.
      </Alert>
    );
  return (
    <>
      <PageHeading title={`${category.name}: Select Level`} subtitle={category.description} />
      <CategoryDone game={game} categories={query.data.categories} category={category} />
      <PaceChoice pace={pace} onChange={setPace} className="mb-5" />
      {category.levels.some((l) => l.play === 'either') && <GuessChoice guessing={guessing} onChange={setGuessing} partner={partner} className="mb-5" />}
      {category.levels.every((l) => l.play === 'guessing') && (
        <p className="mb-5 max-w-md text-sm text-ink-muted">Played by guessing: each of you picks an answer, then guesses what {partner} picked.</p>
      )}
      <ul className="grid gap-5 md:grid-cols-3">
        {category.levels.map((level) => (
          <li key={level.id}>
            <LevelCard game={game} categoryId={category.id} level={level} pace={pace} guessing={guessing} />
          </li>
        ))}
      </ul>
    </>
  );
}
