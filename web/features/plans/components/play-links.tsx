import { Gamepad2, MessageCircleHeart } from 'lucide-react';
import { Link } from 'react-router';
import { hubTitle, routes, STANDALONE_GAMES } from '@core/routes';
import { Button } from '@/components/ui/button';

/** The ways to play once Gold is on: the games, and the question sessions. */
export function PlayLinks() {
  return (
    <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">
      <Button asChild variant="gold" size="lg">
        <Link to={routes.games}>
          <Gamepad2 className="size-5" aria-hidden />
          Play a game
        </Link>
      </Button>
      {STANDALONE_GAMES.map((game) => (
        <Button key={game} asChild variant="secondary" size="lg">
          <Link to={routes.categories(game)}>
            <MessageCircleHeart className="size-5" aria-hidden />
            Answer {hubTitle(game)?.toLowerCase()}
          </Link>
        </Button>
      ))}
    </div>
  );
}
