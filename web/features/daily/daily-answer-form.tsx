import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ANSWER_MAX } from './daily-texts';

/** The answer box of a day's question: Share sends it trimmed; a blank answer cannot be sent. */
export function DailyAnswerForm({
  initial = '',
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  busy: boolean;
  error?: string | null;
  onSubmit(text: string): void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const text = value.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text && !busy) onSubmit(text);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Your answer
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={ANSWER_MAX}
        value={value}
        readOnly={busy}
        autoFocus={!!onCancel}
        placeholder="In your own words…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.target.value)}
        className={cn(
          'min-h-24 w-full resize-y rounded-control border border-line bg-surface px-4 py-3 text-base leading-relaxed text-ink placeholder:text-ink-muted',
          'transition-shadow focus:outline-none focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/20',
        )}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={!text} loading={busy} className="sm:min-w-40">
          {!busy && <Send className="size-4" aria-hidden />}
          {onCancel ? 'Save answer' : 'Share my answer'}
        </Button>
      </div>
    </form>
  );
}
