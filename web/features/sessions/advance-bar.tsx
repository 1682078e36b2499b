import { ArrowRight, Hourglass } from 'lucide-react';
import { toast } from 'sonner';
import { ActionBar } from '@/components/ui/action-bar';
import { Button } from '@/components/ui/button';
import { useMoveSession } from './api/move-session';

/**
 * Once both have answered: the host's Next (docs/product/sessions-and-games.md#reveal; after the last question it
 * completes the level); the partner waits for the host. At your own pace each player's own Next, once they answered.
 */
export function AdvanceBar({
  sessionId,
  canAdvance,
  label = 'Next',
}: {
  sessionId: string;
  /** The host live, either player at their own pace. */
  canAdvance: boolean;
  /** The game's words for it (boards/game-board.tsx `advanceLabel`). */ label?: string;
}) {
  const move = useMoveSession(sessionId);
  if (!canAdvance) {
    return (
      <ActionBar>
        <p className="flex items-center gap-2 rounded-full bg-surface px-5 py-3 font-semibold text-ink-muted shadow-card ring-1 ring-line">
          <Hourglass className="size-4 text-brand" aria-hidden /> Waiting for Host
        </p>
      </ActionBar>
    );
  }
  const onNext = () => move.mutate('next', { onError: () => toast.error('Navigation Error', { description: 'Could not move to the next question.' }) });
  return (
    <ActionBar>
      <Button size="lg" className="w-full max-w-xs shadow-lift animate-fade-up" onClick={onNext} loading={move.isPending}>
        {label}
        {!move.isPending && <ArrowRight className="size-4" aria-hidden />}
      </Button>
    </ActionBar>
  );
}
