import { FREE_PREVIEWS, previewProgressLabel } from '@core/preview';
import { Sparkles } from 'lucide-react';
import { cn } from '@/lib/cn';

/** "n of 6 free previews" as text and as a labelled progress bar; on the report, a "ready" note instead of a count. */
export function PreviewProgress({ step }: { step: number }) {
  const label = previewProgressLabel(step);
  const done = label === null;
  const filled = done ? FREE_PREVIEWS : step;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <p aria-live="polite" className={cn('flex items-center gap-1.5 text-xs font-semibold', done ? 'text-gold' : 'text-ink-muted')}>
        {done && <Sparkles className="size-3.5" aria-hidden />}
        {label ?? 'Your relationship profile is ready'}
      </p>
      <div
        role="progressbar"
        aria-label="Free previews"
        aria-valuemin={0}
        aria-valuemax={FREE_PREVIEWS}
        aria-valuenow={filled}
        aria-valuetext={label ?? 'All free previews done: here is your report'}
        className="flex gap-1"
      >
        {Array.from({ length: FREE_PREVIEWS }, (_, i) => (
          <span
            key={i}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors duration-300',
              i < filled ? (done ? 'bg-gradient-to-r from-amber-500 to-orange-500' : 'bg-brand') : 'bg-line',
            )}
          />
        ))}
      </div>
    </div>
  );
}
