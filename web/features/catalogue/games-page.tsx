import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { gameDefinitions } from '@core/game-definitions';
import { CATALOGUE_GAMES } from '@core/games';
import { routes } from '@core/routes';
import { Button } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Page, PageHeading } from '@/components/ui/page';
import { cn } from '@/lib/cn';
import { gameStyle } from '@/lib/game-style';

/**
 * /games (docs/product/sessions-and-games.md#the-four-activities). Every game has categories, so Start Playing goes to
 * them.
 */
export function GamesPage() {
  return (
    <Page>
      <PageHeading title="Couple Games" subtitle="Play together in real time: same question, both screens, then the big reveal." />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {CATALOGUE_GAMES.map((game) => {
          const { Icon, tile } = gameStyle(game);
          const { displayName, description } = gameDefinitions[game];
          return (
            <li key={game}>
              <Card className="flex h-full flex-col gap-4">
                <span className={cn('grid size-14 place-items-center rounded-2xl bg-gradient-to-br text-white shadow-card', tile)}>
                  <Icon className="size-7" aria-hidden />
                </span>
                <div className="flex-1">
                  <CardTitle>{displayName}</CardTitle>
                  <CardText className="mt-1.5">{description}</CardText>
                </div>
                <Button asChild className="w-full">
                  <Link to={routes.categories(game)} aria-label={`Start Playing ${displayName}`}>
                    Start Playing
                  </Link>
                </Button>
              </Card>
            </li>
          );
        })}
        <li>
          <Card aria-disabled className="flex h-full flex-col items-center justify-center gap-3 border-2 border-dashed border-line bg-transparent text-center shadow-none ring-0">
            <Sparkles className="size-8 text-ink-muted" aria-hidden />
            <CardTitle className="text-lg text-ink-muted">More Games Coming Soon</CardTitle>
            <CardText className="text-sm">New ways to play together are on their way.</CardText>
          </Card>
        </li>
      </ul>
    </Page>
  );
}
