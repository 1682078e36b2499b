import { matchesTitle } from '@core/answer-match';
import { isNonBlank, movieScore } from '@core/preview';
import { movieRounds } from '@core/preview-content';
import { Clapperboard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { StepProps } from '../preview-step';
import { StepFrame } from '../step-frame';
import { MovieResultDialog } from './movie-result-dialog';
import { useTypedBeforeHydration } from './typed-before-hydration';

/** Step 4: three rounds of Guess the Movie; each guess is revealed in a dialog, and the score is kept. */
export function MovieStep({ answers, update, goTo }: StepProps) {
  const [round, setRound] = useState(0);
  const [guess, setGuess] = useState('');
  const [result, setResult] = useState<boolean | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const current = movieRounds[round];
  const score = movieScore(answers.movieResults.slice(0, round + (result === null ? 0 : 1)));
  useTypedBeforeHydration(input, setGuess);

  // The dialog has no trigger to return focus to, so the next round's input takes it once the dialog is gone.
  useEffect(() => {
    if (round === 0) return;
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [round]);

  const submit = () => {
    if (!isNonBlank(guess)) return;
    // The engine's rule for a typed title, as an Emoji Movie session judges it (docs/product/preview.md).
    const correct = matchesTitle(guess, current.title);
    update((prev) => {
      const movieResults = prev.movieResults.slice(0, round);
      movieResults[round] = correct;
      return { movieResults };
    });
    setResult(correct);
  };

  const advance = () => {
    setResult(null);
    if (round + 1 >= movieRounds.length) {
      goTo(5);
      return;
    }
    setRound(round + 1);
    setGuess('');
  };

  return (
    <StepFrame
      icon={Clapperboard}
      eyebrow="Guess the Movie"
      title="Can you name the movie from the emoji?"
      intro="Three rounds. Type the title, spelling counts but capitals don’t."
    >
      <div className="flex items-center justify-between gap-3" aria-live="polite">
        <Badge>
          Round {round + 1} of {movieRounds.length}
        </Badge>
        <Badge tone="gold">
          Score {score} / {movieRounds.length}
        </Badge>
      </div>
      <p
        key={round}
        className="mt-4 grid min-h-32 place-items-center rounded-card bg-surface-soft px-4 py-6 text-center text-5xl tracking-[0.2em] ring-1 ring-inset ring-line animate-pop sm:text-6xl"
      >
        <span className="sr-only">Emoji clue: </span>
        {current.emojis}
      </p>
      <form
        className="mt-5 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field
          label={`Your guess for round ${round + 1}`}
          ref={input}
          value={guess}
          onChange={(e) => setGuess(e.target.value)}
          placeholder="Movie title"
          maxLength={120}
          autoComplete="off"
          enterKeyHint="done"
        />
        <Button type="submit" size="lg" disabled={!isNonBlank(guess)} className="w-full sm:w-auto sm:self-end">
          Submit Guess
        </Button>
      </form>
      <MovieResultDialog
        open={result !== null}
        correct={result === true}
        emojis={current.emojis}
        title={current.title}
        score={score}
        last={round + 1 >= movieRounds.length}
        onContinue={advance}
      />
    </StepFrame>
  );
}
