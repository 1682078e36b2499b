import { CheckCircle2, CloudOff, Heart, XCircle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { gameDefinitions, type ItemViewOf } from '@core/game-definitions';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { BoardProps } from '../../board/board';
import { partnerName, scoredAnswer, scoredStatus, useCelebrate, useFocusOnNewItem, verdictOf, waitingLine, playingApart } from '../../board/scored-round';

type View = ItemViewOf<'emoji_movie'>;

/** Right or wrong, once the server's view shows the title (after this viewer has answered). */
export const emojiVerdict = (view: View, answer: string | null) =>
  verdictOf(view, answer, view.movie_title, (guess) =>
    gameDefinitions.emoji_movie.isCorrect({ emoji_sequence: view.emoji_sequence, movie_title: view.movie_title ?? '', alternate_titles: view.alternate_titles }, guess),
  );

/**
 * The emoji sequence and a title to type (docs/product/sessions-and-games.md, spec §2.6): Enter or Submit Answer
 * sends it, the input locks, the player's banner follows the server's view, and once both have answered both
 * answers and the title show.
 */
export function EmojiMovieBoard({ snapshot, current, onAnswer, sending, kept, readOnly }: BoardProps<'emoji_movie'>) {
  const { answers } = snapshot;
  const view = current.payload;
  const state = scoredAnswer(answers, sending, kept, readOnly);
  const { mine, waiting, pending, locked, theirs } = state;
  const [draft, setDraft] = useState('');
  // Submit opens once there is a title, as in the preview's movie step: nobody meets the server's
  // 'Missing required data for answer submission', which stays for a request without one.
  const title = draft.trim();
  const inputId = useId();

  const correct = emojiVerdict(view, mine);
  const theirsCorrect = emojiVerdict(view, theirs);
  useCelebrate(correct === true, current.id, 100);

  // A new item: the input (or, for a locked board, the sequence) gets focus back, as the Next button that had it is gone.
  const input = useRef<HTMLInputElement>(null);
  useFocusOnNewItem(current.id, input);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!locked && title) onAnswer(title);
  };

  const status = scoredStatus(answers, state, readOnly, 'Which movie is this? Type its title.', waitingLine(snapshot), partnerName(snapshot));

  return (
    <section aria-labelledby="emoji-heading" className="flex flex-col gap-5">
      <h2 id="emoji-heading" className="text-center text-lg font-bold text-ink-muted">
        Guess the movie
      </h2>
      <p
        aria-label={`Emoji clue: ${view.emoji_sequence}`}
        className="rounded-card bg-surface px-4 py-8 text-center text-5xl leading-tight tracking-widest shadow-card ring-1 ring-line break-words sm:py-12 sm:text-7xl"
      >
        {view.emoji_sequence}
      </p>

      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold text-ink">
          Movie title
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            ref={input}
            id={inputId}
            type="text"
            autoComplete="off"
            autoCapitalize="words"
            spellCheck={false}
            maxLength={120}
            enterKeyHint="send"
            placeholder={locked ? undefined : 'Type the movie title'}
            value={mine ?? pending ?? draft}
            readOnly={locked}
            aria-readonly={locked || undefined}
            onChange={(e) => setDraft(e.target.value)}
            className={cn(
              'h-12 w-full min-w-0 rounded-control sm:flex-1 border px-4 text-base text-ink placeholder:text-ink-muted',
              'transition-shadow focus:outline-none focus-visible:ring-4 focus-visible:ring-brand/20',
              locked ? 'border-line bg-canvas' : 'border-line bg-surface focus-visible:border-brand',
            )}
          />
          {mine == null && (
            <Button type="submit" size="lg" disabled={locked || !title} loading={typeof sending === 'string' && !waiting} className="sm:w-auto">
              Submit Answer
            </Button>
          )}
        </div>
      </form>

      {correct != null && (
        <div role="status" className={cn('flex items-start gap-3 rounded-card px-5 py-4 animate-pop', correct ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger')}>
          {correct ? <CheckCircle2 className="mt-0.5 size-6 shrink-0" aria-hidden /> : <XCircle className="mt-0.5 size-6 shrink-0" aria-hidden />}
          <div>
            <p className="text-lg font-extrabold">{correct ? 'Correct!' : 'Not quite!'}</p>
            {view.movie_title && (
              <p className="text-ink">
                {correct ? 'It’s ' : 'The movie was '}
                <strong>{view.movie_title}</strong>.
              </p>
            )}
          </div>
        </div>
      )}

      {answers.bothAnswered && mine != null && theirs != null && (
        <dl data-reveal className="grid gap-3 sm:grid-cols-2" aria-label="Both answers">
          <Answer who="Your answer" text={mine} correct={correct} />
          <Answer who={`${partnerName(snapshot)}'s answer`} text={theirs} correct={theirsCorrect} />
        </dl>
      )}

      {status && (
        <p role="status" aria-live="polite" className="flex min-h-7 items-center justify-center gap-2 text-center font-semibold text-ink-muted">
          {waiting ? (
            <CloudOff className="size-4 shrink-0 text-brand" aria-hidden />
          ) : (
            mine != null &&
            !answers.bothAnswered &&
            !readOnly &&
            !playingApart(snapshot) && <Heart className="size-4 shrink-0 animate-heartbeat fill-current text-brand" aria-hidden />
          )}
          {status}
        </p>
      )}
    </section>
  );
}

function Answer({ who, text, correct }: { who: string; text: string; correct: boolean | null }) {
  return (
    <div className={cn('rounded-card px-4 py-3 shadow-card ring-2', correct ? 'bg-success-soft ring-success' : 'bg-surface ring-line')}>
      <dt className="text-sm font-semibold text-ink-muted">{who}</dt>
      <dd className="mt-1 flex items-center gap-2 text-lg font-bold text-ink">
        {correct ? (
          <CheckCircle2 className="size-5 shrink-0 text-success" aria-label="right" />
        ) : (
          correct === false && <XCircle className="size-5 shrink-0 text-danger" aria-label="wrong" />
        )}
        <span className="break-words">{text}</span>
      </dd>
    </div>
  );
}
