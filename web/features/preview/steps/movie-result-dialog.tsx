import { movieRounds } from '@core/preview-content';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

/** "Correct!" or "Not quite!" with the answer. Continue, Escape and the close button all move on. */
export function MovieResultDialog({
  open,
  correct,
  emojis,
  title,
  score,
  last,
  onContinue,
}: {
  open: boolean;
  correct: boolean;
  emojis: string;
  title: string;
  score: number;
  last: boolean;
  onContinue(): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onContinue();
      }}
      title={correct ? 'Correct!' : 'Not quite!'}
      description={
        <>
          The answer is <strong className="font-semibold text-ink">{title}</strong>.
        </>
      }
    >
      <div className={cn('flex items-center gap-4 rounded-control px-4 py-3', correct ? 'bg-success-soft' : 'bg-surface-soft')}>
        <span aria-hidden className="text-3xl tracking-widest">
          {emojis}
        </span>
        <span className="ml-auto text-right text-sm font-semibold text-ink">
          {correct ? '🎉 Nailed it' : 'Next one’s yours'}
          <span className="block font-normal text-ink-muted">
            Score {score} of {movieRounds.length}
          </span>
        </span>
      </div>
      <Button size="lg" className="mt-5 w-full" onClick={onContinue}>
        Continue
        <ArrowRight className="size-4" aria-hidden />
      </Button>
      {last && <p className="mt-3 text-center text-sm text-ink-muted">That was the last round. Next up: an adventure question.</p>}
    </Dialog>
  );
}
