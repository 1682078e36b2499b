import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { KeyboardHint, useHasKeyboard } from '@/components/ui/keyboard-hint';
import { cn } from '@/lib/cn';

/** An answer's length, as the questions game takes it (core/game-definitions.ts `questions`). */
export const ANSWER_MAX = 1000;
/** From this many characters on, the counter says how many are left. */
const COUNTER_FROM = 800;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * A free-text answer: Enter is a new line, Ctrl+Enter (⌘+Enter on a Mac) or Submit Answer sends it trimmed. A blank
 * answer cannot be sent. Editing an answer already sent adds Cancel.
 */
export function AnswerComposer({
  value,
  editing,
  busy,
  onChange,
  onSubmit,
  onCancel,
  label = 'Your answer',
  hint,
  submitLabel = 'Submit Answer',
}: {
  /** The field's name and the button's words, where the answer is a guess (guess-board.tsx). */
  label?: string;
  hint?: string;
  submitLabel?: string;
  value: string;
  editing: boolean;
  busy: boolean;
  onChange(text: string): void;
  onSubmit(text: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const keyboard = useHasKeyboard();
  const field = useRef<HTMLTextAreaElement>(null);
  const text = value.trim();
  const left = ANSWER_MAX - value.length;

  // Edit answer brings the cursor to the end of the answer being changed.
  useEffect(() => {
    if (!editing || !field.current) return;
    field.current.focus();
    field.current.setSelectionRange(field.current.value.length, field.current.value.length);
  }, [editing]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (text && !busy) onSubmit(text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <textarea
        ref={field}
        id={id}
        rows={5}
        maxLength={ANSWER_MAX}
        value={value}
        readOnly={busy}
        placeholder="Write what comes to mind…"
        aria-describedby={[hint && `${id}-hint`, `${id}-counter`, keyboard && `${id}-keys`].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        className={cn(
          'min-h-32 w-full resize-y rounded-control border border-line bg-surface px-4 py-3 text-base leading-relaxed text-ink placeholder:text-ink-muted',
          'transition-shadow focus:outline-none focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/20',
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-ink-muted">
        <KeyboardHint id={`${id}-keys`}>Enter for a new line, {isMac() ? '⌘' : 'Ctrl'}+Enter to send.</KeyboardHint>
        <p id={`${id}-counter`} aria-live="polite" className={cn('ml-auto font-semibold', left <= 50 ? 'text-danger' : 'text-ink-muted')}>
          {value.length >= COUNTER_FROM ? `${left} ${left === 1 ? 'character' : 'characters'} left` : ''}
        </p>
      </div>
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {editing && (
          <Button type="button" variant="secondary" size="lg" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="lg" disabled={!text} loading={busy} aria-keyshortcuts="Control+Enter Meta+Enter" className="sm:min-w-44">
          {!busy && <Send className="size-4" aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
