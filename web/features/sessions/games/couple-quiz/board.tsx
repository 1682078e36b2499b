import { CheckCircle2, CloudOff, Heart, Lightbulb, XCircle } from 'lucide-react';
import { type FormEvent, type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { gameDefinitions, type ItemViewOf } from '@core/game-definitions';
import { Button } from '@/components/ui/button';
import { KeyboardHint, useHasKeyboard } from '@/components/ui/keyboard-hint';
import { cn } from '@/lib/cn';
import type { BoardProps } from '../../board/board';
import { partnerName, scoredAnswer, scoredStatus, useCelebrate, useFocusOnNewItem, verdictOf, waitingLine, playingApart } from '../../board/scored-round';

type View = ItemViewOf<'couple_quiz'>;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Right or wrong, once the server's view names the correct answer (after this viewer has answered). */
export const quizVerdict = (view: View, answer: string | null) =>
  verdictOf(view, answer, view.correct_answer, (pick) =>
    gameDefinitions.couple_quiz.isCorrect({ question: view.question, options: view.options, correct_answer: view.correct_answer ?? '' }, pick),
  );

/**
 * The question and its options as a radio group (arrows move, 1–4 pick), Submit Answer with an option picked;
 * after answering, the correct answer with its explanation, and both answers once both have answered
 * (docs/product/sessions-and-games.md, spec §2.7). Submitting needs a connected partner: while they are away the
 * option can be picked, and Submit waits for them.
 */
export function CoupleQuizBoard({ snapshot, current, onAnswer, sending, kept, readOnly, partnerPresent }: BoardProps<'couple_quiz'>) {
  const { answers } = snapshot;
  const view = current.payload;
  const state = scoredAnswer(answers, sending, kept, readOnly);
  const { mine, waiting, pending, locked, theirs } = state;
  const [selected, setSelected] = useState<string | null>(null);
  const chosen = mine ?? pending ?? selected;
  const name = useId();
  const keyboard = useHasKeyboard();

  const correct = quizVerdict(view, mine);
  const partner = partnerName(snapshot);
  useCelebrate(correct === true, current.id, 80);

  // Keys 1–4 (up to the number of options) pick an option, also while a radio has focus; not while typing elsewhere.
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (locked) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || e.altKey || e.ctrlKey || e.metaKey) return;
      const t = e.target;
      if (t instanceof HTMLElement && (t.isContentEditable || t.tagName === 'TEXTAREA' || (t instanceof HTMLInputElement && t.type !== 'radio'))) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const n = Number(e.key);
      if (!Number.isInteger(n) || n < 1 || n > view.options.length) return;
      e.preventDefault();
      setSelected(view.options[n - 1]);
      group.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]')[n - 1]?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [locked, view.options]);

  // A new question: focus goes to it, as the Next button that had it is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnNewItem(current.id, heading);

  const canSubmit = !locked && selected != null && partnerPresent;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) onAnswer(selected);
  };
  // Enter on a radio submits, as in a form with one text field.
  const onRadioKey = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && canSubmit) {
      e.preventDefault();
      onAnswer(selected);
    }
  };

  const status = scoredStatus(answers, state, readOnly, '', waitingLine(snapshot), partnerName(snapshot));

  return (
    <section aria-labelledby="quiz-question" className="flex flex-col gap-5">
      <h2
        id="quiz-question"
        ref={heading}
        tabIndex={-1}
        className="text-center text-2xl font-extrabold text-ink focus:outline-none sm:text-3xl"
        style={{ fontFamily: 'var(--font-display)' }}
      >
        {view.question}
      </h2>

      <form onSubmit={submit} className="flex flex-col gap-4">
        <div
          ref={group}
          role="radiogroup"
          aria-labelledby="quiz-question"
          aria-describedby={keyboard && !locked ? `${name}-keys` : undefined}
          className="grid gap-3 sm:grid-cols-2"
        >
          {view.options.map((option, i) => {
            const isMine = mine != null && same(mine, option);
            const isTheirs = theirs != null && same(theirs, option);
            const isRight = view.correct_answer != null && same(view.correct_answer, option);
            const checked = chosen != null && same(chosen, option);
            return (
              <label
                key={option}
                className={cn(
                  'relative flex min-h-16 items-center gap-3 rounded-card px-4 py-3 shadow-card transition duration-200 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand/40',
                  isRight
                    ? 'bg-success-soft ring-2 ring-success'
                    : isMine
                      ? 'bg-danger-soft ring-2 ring-danger'
                      : checked
                        ? 'bg-brand-soft ring-2 ring-brand'
                        : 'bg-surface ring-1 ring-line',
                  locked ? 'cursor-default' : 'cursor-pointer hover:ring-2 hover:ring-brand/60',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={checked}
                  disabled={locked && !checked}
                  aria-disabled={locked || undefined}
                  onChange={() => !locked && setSelected(option)}
                  onKeyDown={onRadioKey}
                  className="peer sr-only"
                />
                <span
                  aria-hidden
                  className={cn(
                    'grid size-9 shrink-0 place-items-center rounded-full text-sm font-extrabold',
                    checked ? 'bg-brand text-on-fill' : 'bg-brand-soft text-brand-strong',
                  )}
                >
                  {i + 1}
                </span>
                <span className="flex-1 text-lg font-semibold leading-snug text-ink">{option}</span>
                <span className="flex flex-col items-end gap-1">
                  {isMine && <Tag className={isRight ? 'bg-success' : 'bg-danger'}>You</Tag>}
                  {isTheirs && <Tag className="bg-gold">{partner}</Tag>}
                  {isRight && <span className="sr-only">(correct answer)</span>}
                </span>
              </label>
            );
          })}
        </div>
        {!locked && (
          <KeyboardHint id={`${name}-keys`} className="text-center">
            Keyboard: arrow keys or 1–{view.options.length} to choose, Enter to submit.
          </KeyboardHint>
        )}
        {!locked && (
          <Button
            type="submit"
            size="lg"
            disabled={!selected || !partnerPresent}
            aria-describedby={partnerPresent ? undefined : `${name}-partner`}
            className="mx-auto w-full max-w-xs"
          >
            Submit Answer
          </Button>
        )}
        {!locked && !partnerPresent && (
          <p id={`${name}-partner`} className="text-center text-sm font-semibold text-ink-muted">
            {partner} needs to be here to answer: Submit Answer opens as soon as they are back.
          </p>
        )}
      </form>

      {correct != null && (
        <div role="status" className={cn('flex items-start gap-3 rounded-card px-5 py-4 animate-pop', correct ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger')}>
          {correct ? <CheckCircle2 className="mt-0.5 size-6 shrink-0" aria-hidden /> : <XCircle className="mt-0.5 size-6 shrink-0" aria-hidden />}
          <div className="flex flex-col gap-1">
            <p className="text-lg font-extrabold">{correct ? 'Correct!' : 'Not quite!'}</p>
            {view.correct_answer && (
              <p className="text-ink">
                The correct answer is <strong>{view.correct_answer}</strong>.
              </p>
            )}
            {view.explanation && (
              <p className="flex gap-2 text-ink">
                <Lightbulb className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
                {view.explanation}
              </p>
            )}
          </div>
        </div>
      )}

      {answers.bothAnswered && mine != null && theirs != null && (
        <p data-reveal className="text-center font-semibold text-ink">
          You answered “{mine}”{correct != null && (correct ? ' (right)' : ' (wrong)')}. {partner} answered “{theirs}”
          {quizVerdict(view, theirs) != null && (quizVerdict(view, theirs) ? ' (right)' : ' (wrong)')}.
        </p>
      )}

      {status && (
        <p role="status" aria-live="polite" className="flex min-h-7 items-center justify-center gap-2 text-center font-semibold text-ink-muted">
          {waiting ? (
            <CloudOff className="size-4 shrink-0 text-brand" aria-hidden />
          ) : (
            !playingApart(snapshot) && <Heart className="size-4 shrink-0 animate-heartbeat fill-current text-brand" aria-hidden />
          )}
          {status}
        </p>
      )}
    </section>
  );
}

function Tag({ className, children }: { className: string; children: string }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold text-on-fill animate-pop', className)}>{children}</span>;
}
