import { HeartHandshake } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { Button } from '@/components/ui/button';
import { HeroCard } from '@/components/ui/hero-card';
import { errorMessage } from '@/lib/api';
import { useLinkAndJoin } from './api/link-and-join';

/**
 * An unpartnered user at the question session of an unpartnered creator (spec decisions §5, docs/decisions/019): the
 * server's question "Link with {username} and join?". Yes links the two and takes the guest seat; the screen then
 * reloads into the session. No goes back to the game's categories (/questions); nothing was written.
 */
export function LinkOffer({ game, sessionId, question }: { game: GameType; sessionId: string; question: string }) {
  const navigate = useNavigate();
  const link = useLinkAndJoin(sessionId);
  // The promise, not mutate's callbacks: by the time it settles the session may already be on screen instead.
  const accept = () =>
    link.mutateAsync().then(
      ({ partner }) => toast.success(`You're linked with ${partner.username}!`, { description: 'Your first question is waiting for you both.' }),
      () => undefined, // shown below, from the mutation's state
    );

  return (
    <HeroCard icon={HeartHandshake} title={question}>
      <p className="mx-auto mt-3 max-w-sm leading-relaxed text-ink-muted">
        You&apos;ll become partners on Twogether and answer this session together, each in your own words, then see both answers side by side.
      </p>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-relaxed text-ink-muted">You can unlink any time on your profile.</p>
      {link.isError && (
        <p role="alert" className="mt-5 rounded-control bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          {errorMessage(link.error, 'Could not link your accounts. Please try again.')}
        </p>
      )}
      <div className="mt-7 flex flex-col gap-3">
        <Button size="lg" onClick={accept} loading={link.isPending}>
          Link and join
        </Button>
        <Button variant="secondary" size="lg" disabled={link.isPending} onClick={() => navigate(routes.categories(game))}>
          Not now
        </Button>
      </div>
    </HeroCard>
  );
}
