import { Heart, Hourglass } from 'lucide-react';
import { useId } from 'react';
import type { SessionSnapshot } from './api/get-session';
import { wordsOf } from './board/game-board';
import { partnerName } from './board/scored-round';
import { GUESS_MARK_WORDS, type GuessMark } from '@core/guessing';

/**
 * At your own pace, under the board: the items you have moved past, in the session's order
 * (docs/product/sessions-and-games.md#at-your-own-pace). Each shows both answers once both have answered it, else
 * "Waiting for Sam". The partner's answer is only ever what the server sent: it sends it once both answered.
 */
export function PassedAnswers({ snapshot }: { snapshot: SessionSnapshot }) {
  const id = useId();
  const { game, passed } = snapshot;
  if (!passed.length) return null;
  const partner = partnerName(snapshot);
  const completed = snapshot.session.status === 'completed';
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-bold text-ink">
        {completed ? 'Your answers' : 'Your answers so far'}
      </h2>
      <ol className="mt-3 flex flex-col gap-2.5">
        {passed.map((item) => {
          const words = wordsOf(game, item.payload);
          const mine = words.answer(item.mine);
          const theirs = words.answer(item.partner);
          return (
            <li key={item.id} className="rounded-control bg-surface px-4 py-3 shadow-card ring-1 ring-line/70">
              <p className="font-semibold text-ink">{words.prompt}</p>
              {words.solution && <p className="text-sm text-ink-muted">Answer: {words.solution}</p>}
              <dl className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2 sm:gap-4">
                <div className="flex min-w-0 gap-1.5">
                  <dt className="shrink-0 font-semibold text-brand-strong">You:</dt>
                  <dd className="min-w-0 break-words text-ink">{mine ?? '—'}</dd>
                </div>
                <div className="flex min-w-0 gap-1.5">
                  {/* Until revealed the line says whom it waits for: the name once is enough. */}
                  <dt className={theirs != null ? 'shrink-0 font-semibold text-gold' : 'sr-only'}>{partner}:</dt>
                  <dd className="min-w-0 break-words text-ink">
                    {theirs != null ? (
                      <>
                        {theirs}
                        {theirs === mine && (
                          <>
                            <Heart className="ml-1 inline size-3.5 fill-current text-brand" aria-hidden />
                            <span className="sr-only"> (the same)</span>
                          </>
                        )}
                      </>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-ink-muted">
                        <Hourglass className="size-3.5" aria-hidden /> Waiting for {partner}
                      </span>
                    )}
                  </dd>
                </div>
              </dl>
              {item.guess && <GuessLine guess={item.guess} words={words} mine={item.mine} theirs={item.partner} partner={partner} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * Guess my answer, under an item passed at your own pace: the guesses once revealed, each with whether it was right
 * (predicting), or the answering partner's mark on a written guess.
 */
function GuessLine({
  guess,
  words,
  mine,
  theirs,
  partner,
}: {
  guess: { mine: unknown; partner: unknown; mark: GuessMark | null };
  words: ReturnType<typeof wordsOf>;
  mine: unknown;
  theirs: unknown;
  partner: string;
}) {
  if (guess.mark) return <p className="mt-1.5 text-sm text-ink-muted">Marked: {GUESS_MARK_WORDS[guess.mark]}</p>;
  if (guess.mine == null) return null;
  const right = (g: unknown, a: unknown) => (a == null ? '' : JSON.stringify(g) === JSON.stringify(a) ? ' ✓' : ' ✗');
  return (
    <p className="mt-1.5 text-sm text-ink-muted">
      Your guess: {words.answer(guess.mine)}
      {right(guess.mine, theirs)}
      {guess.partner != null && (
        <>
          {' · '}
          {partner}&apos;s guess: {words.answer(guess.partner)}
          {right(guess.partner, mine)}
        </>
      )}
    </p>
  );
}
