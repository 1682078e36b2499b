import { Check, X } from 'lucide-react';
import { GUESS_MARK_WORDS, type GuessMark } from '@core/guessing';
import { messages } from '@core/messages';
import { cn } from '@/lib/cn';

/** The two answers side by side: yours, theirs (or why theirs is not there). */
export function Answers({
  mine,
  partner,
  partnerName,
  partnerAnswered,
  partnerRemoved,
  correct,
}: {
  mine: string | null;
  partner: string | null;
  partnerName: string;
  partnerAnswered: boolean;
  partnerRemoved: boolean;
  correct?: { mine: boolean | null; partner: boolean | null } | null;
}) {
  const theirs = partner ?? (partnerRemoved ? messages.memories.answerRemoved : partnerAnswered ? `${partnerName} answered: yours first` : `Waiting for ${partnerName}`);
  return (
    <dl className="grid gap-2 sm:grid-cols-2">
      <Answer who="You" text={mine ?? 'Not answered'} muted={mine === null} correct={correct?.mine ?? null} />
      <Answer who={partnerName} text={theirs} muted={partner === null} correct={correct?.partner ?? null} />
    </dl>
  );
}

function Answer({ who, text, muted, correct }: { who: string; text: string; muted: boolean; correct: boolean | null }) {
  return (
    <div className="rounded-control bg-canvas px-3 py-2 ring-1 ring-inset ring-line">
      <dt className="flex items-center gap-1 text-xs font-bold uppercase tracking-wide text-ink-muted">
        {who}
        {correct !== null && (correct ? <Check className="size-3.5 text-success" aria-label="right" /> : <X className="size-3.5 text-danger" aria-label="not right" />)}
      </dt>
      <dd className={cn('whitespace-pre-wrap break-words', muted ? 'italic text-ink-muted' : 'text-ink')}>{text}</dd>
    </div>
  );
}

type Guess = { role: 'both' | 'answerer' | 'guesser'; mine: string | null; partner: string | null; mark: GuessMark | null };

/**
 * Guess my answer, in a memory: predicting, each one's pick and guess; written, the answer beside the guess of it,
 * and the answering partner's mark (docs/product/guess-my-answer.md).
 */
export function GuessAnswers({
  guess,
  mine,
  partner,
  partnerName,
  partnerRemoved,
}: {
  guess: Guess;
  mine: string | null;
  partner: string | null;
  partnerName: string;
  partnerRemoved: boolean;
}) {
  const hidden = partnerRemoved ? messages.memories.answerRemoved : `Waiting for ${partnerName}`;
  if (guess.role === 'both')
    return (
      <dl className="grid gap-2 sm:grid-cols-2">
        <Answer who="You chose" text={mine ?? 'Not answered'} muted={mine === null} correct={null} />
        <Answer who={`${partnerName} chose`} text={partner ?? hidden} muted={partner === null} correct={null} />
        <Answer who="Your guess" text={guess.mine ?? '—'} muted={guess.mine === null} correct={partner === null || guess.mine === null ? null : guess.mine === partner} />
        <Answer
          who={`${partnerName}'s guess`}
          text={guess.partner ?? hidden}
          muted={guess.partner === null}
          correct={mine === null || guess.partner === null ? null : guess.partner === mine}
        />
      </dl>
    );
  const answering = guess.role === 'answerer';
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid gap-2 sm:grid-cols-2">
        <Answer
          who={answering ? 'Your answer' : `${partnerName}'s answer`}
          text={(answering ? mine : partner) ?? hidden}
          muted={(answering ? mine : partner) === null}
          correct={null}
        />
        <Answer
          who={answering ? `${partnerName}'s guess` : 'Your guess'}
          text={(answering ? guess.partner : guess.mine) ?? hidden}
          muted={(answering ? guess.partner : guess.mine) === null}
          correct={null}
        />
      </dl>
      {guess.mark && <p className="text-sm text-ink-muted">Marked: {GUESS_MARK_WORDS[guess.mark]}</p>}
    </div>
  );
}
