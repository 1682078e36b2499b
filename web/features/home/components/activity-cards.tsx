import { Gamepad2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { gameDefinitions } from '@core/game-definitions';
import { catalogueGameNames } from '@core/games';
import { routes, STANDALONE_GAMES } from '@core/routes';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { gameStyle } from '@/lib/game-style';

/**
 * The ways in for someone still on their own: each activity with its own hub (questions), then the games catalogue
 * (core/game-places.ts `hub`, with its definition's `hubWords`).
 */
export function ActivityCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {STANDALONE_GAMES.map((game) => {
        const { hubWords, displayName } = gameDefinitions[game] as { hubWords?: { card: string }; displayName: string };
        const { Icon } = gameStyle(game);
        return <ActivityCard key={game} to={routes.categories(game)} icon={<Icon className="size-6" aria-hidden />} title={displayName} text={hubWords?.card ?? ''} />;
      })}
      <ActivityCard to={routes.games} icon={<Gamepad2 className="size-6" aria-hidden />} title="Couple Games" text={`${catalogueGameNames}, in real time.`} />
    </div>
  );
}

function ActivityCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} className="group rounded-card focus-visible:outline-offset-4">
      <Card className="flex h-full items-start gap-4 transition-shadow group-hover:shadow-lift">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-soft text-brand">{icon}</span>
        <div>
          <CardTitle className="text-lg">{title}</CardTitle>
          <CardText className="mt-1 text-sm">{text}</CardText>
        </div>
      </Card>
    </Link>
  );
}
