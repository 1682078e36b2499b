import { Gamepad2, MessageCircleHeart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The ways to play once Gold is on: the games, and the question sessions. */
export function PlayLinks() {
  return (
    <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">
      <Button asChild variant="gold" size="lg">
        <Link to="/games">
          <Gamepad2 className="size-5" aria-hidden />
          Play a game
        </Link>
      </Button>
      <Button asChild variant="secondary" size="lg">
        <Link to="/questions">
          <MessageCircleHeart className="size-5" aria-hidden />
          Answer questions
        </Link>
      </Button>
    </div>
  );
}
