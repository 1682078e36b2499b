import { Clock, Users } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { Pace } from '@core/contracts/common';
import { cn } from '@/lib/cn';
import { paceOfSearch } from '@/lib/game-route';

const choices: { pace: Pace; label: string; hint: string; Icon: typeof Users }[] = [
  { pace: 'live', label: 'Together now', hint: 'Both on screen, one question at a time', Icon: Users },
  { pace: 'own', label: 'At your own pace', hint: "Answer when it suits you; see each answer once you've both given it", Icon: Clock },
];

/**
 * The pace a new session is made with (docs/product/sessions-and-games.md#at-your-own-pace): what this page's address
 * says (`?pace=`, so it survives going from a game's categories to a category's levels and back), else the couple's
 * last choice for this game from the catalogue's reply. Changing it rewrites the address in place.
 */
export function usePaceChoice(remembered: Pace): [Pace, (pace: Pace) => void] {
  const [params, setParams] = useSearchParams();
  const pace = paceOfSearch(params) ?? remembered;
  const choose = (next: Pace) =>
    setParams(
      (current) => {
        current.set('pace', next);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  return [pace, choose];
}

/**
 * "Together now" or "At your own pace": a segmented control of two native radios (arrow keys move between them,
 * each a 44 px target), with a line under it saying what the chosen one means.
 */
export function PaceChoice({ pace, onChange, className }: { pace: Pace; onChange(pace: Pace): void; className?: string }) {
  const id = useId();
  const chosen = choices.find((c) => c.pace === pace) ?? choices[0];
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={`${id}-hint`}>
      <legend className="mb-2 text-sm font-semibold text-ink">How do you want to play?</legend>
      <div className="grid w-full max-w-md grid-cols-2 gap-1 rounded-full bg-brand-soft p-1 ring-1 ring-brand/15">
        {choices.map(({ pace: value, label, Icon }) => (
          <label key={value} className="relative">
            <input type="radio" name={`${id}-pace`} value={value} checked={pace === value} onChange={() => onChange(value)} className="peer sr-only" />
            <span
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-full px-3 text-center text-sm font-semibold leading-tight transition',
                'text-ink-muted hover:text-ink peer-checked:bg-surface peer-checked:text-brand-strong peer-checked:shadow-card',
                'peer-focus-visible:ring-4 peer-focus-visible:ring-brand/40',
              )}
            >
              {/* On a phone the words alone fit one line each. */}
              <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden />
              {label}
            </span>
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {chosen.hint}
      </p>
    </fieldset>
  );
}
