import { ArrowLeft } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { gameDefinitions } from '@core/game-definitions';
import { routes } from '@core/routes';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Page, PageHeading } from '@/components/ui/page';
import { useGameRoute } from '@/lib/game-route';
import { usePageTitle } from '@/lib/page-title';
import { CategoryBrowser } from './category-browser';

export function CategoriesPage() {
  const { game: known, canonicalPath } = useGameRoute();
  usePageTitle(known && gameDefinitions[known].displayName, 'Categories');
  if (canonicalPath) return <Navigate to={canonicalPath} replace />;
  return (
    <Page>
      <Link to={routes.games} className="mb-4 inline-flex items-center gap-1.5 font-semibold text-brand-strong hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All games
      </Link>
      {known ? (
        <>
          <PageHeading title={gameDefinitions[known].displayName} subtitle={gameDefinitions[known].description} />
          <CategoryBrowser game={known} />
        </>
      ) : (
        <Alert tone="error">{messages.game.unknownGameType}</Alert>
      )}
    </Page>
  );
}
