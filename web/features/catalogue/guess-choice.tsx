import { Sparkles } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';
import { GUESS_PARAM, guessOfSearch } from '@/lib/game-route';
import { meQueryOptions } from '@/lib/me';

/** Guess my answer, chosen above the levels and kept in the address (`?guess=1`) as the pace is. */
export function useGuessChoice(): [boolean, (guessing: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (next: boolean) =>
    setParams(
      (current) => {
        if (next) current.set(GUESS_PARAM, '1');
        else current.delete(GUESS_PARAM);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  return [guessOfSearch(params), choose];
}

/** The partner's name as the shell already knows it (the signed-in user is loaded before any game page): no request of its own. */
export function usePartnerName(): string {
  return useQuery({ ...meQueryOptions, enabled: false }).data?.partner?.username ?? 'your partner';
}

/**
 * "Guess my answer" (docs/product/guess-my-answer.md): a switch (a native checkbox with the switch role, a 44 px
 * target) for the activities that offer it, with a line saying what it changes.
 */
export function GuessChoice({ guessing, onChange, partner, className }: { guessing: boolean; onChange(guessing: boolean): void; partner: string; className?: string }) {
  const id = useId();
  return (
    <div className={cn('flex max-w-md flex-col gap-1', className)}>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-2xl bg-brand-soft px-4 py-2 ring-1 ring-brand/15">
        <span className="flex items-center gap-2 text-sm font-semibold text-ink">
          <Sparkles className="size-4 text-brand-strong" aria-hidden />
          Guess my answer
        </span>
        <input id={id} type="checkbox" role="switch" checked={guessing} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} className="peer sr-only" />
        <span
          aria-hidden
          className={cn(
            'relative h-6 w-11 shrink-0 rounded-full transition',
            guessing ? 'bg-brand' : 'bg-ink-muted/40',
            'peer-focus-visible:ring-4 peer-focus-visible:ring-brand/40',
          )}
        >
          <span className={cn('absolute top-0.5 size-5 rounded-full bg-white shadow transition-all', guessing ? 'left-[1.375rem]' : 'left-0.5')} />
        </span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {guessing ? `Answer, then guess what ${partner} said. See how well you know each other.` : 'Off: you both simply answer.'}
      </p>
    </div>
  );
}
