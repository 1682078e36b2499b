import { CloudOff, Heart, MessageCircleHeart, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { BoardProps } from '../../board/board';
import { AnswerComposer } from '../../board/answer-composer';
import { BothAnswers } from '../../board/both-answers';
import { partnerName, scoredAnswer, useFocusOnNewItem, waitingLine, playingApart } from '../../board/scored-round';

/**
 * A relationship question, answered in your own words (docs/product/sessions-and-games.md#question-sessions): the
 * answer can be edited (and is sent again, replacing the first) until both have answered; then both answers show,
 * side by side, and lock. The partner's answer reaches this screen only once both have answered.
 */
export function QuestionsBoard({ snapshot, current, onAnswer, sending, kept, readOnly }: BoardProps<'questions'>) {
  const { answers } = snapshot;
  const partner = partnerName(snapshot);
  const { mine, waiting, pending, theirs } = scoredAnswer(answers, sending, kept, readOnly);
  // What this viewer has answered, as far as this page knows: kept offline, on its way, or held by the server.
  const given = waiting ?? pending ?? mine;
  const revealed = answers.bothAnswered && mine != null && theirs != null;

  // The draft and the edit belong to one question: a new one starts blank.
  const [draft, setDraft] = useState({ itemId: current.id, text: '', editing: false });
  if (draft.itemId !== current.id) setDraft({ itemId: current.id, text: '', editing: false });
  const composing = !readOnly && !answers.bothAnswered && (given == null || draft.editing);

  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnNewItem(current.id, heading);

  const send = (text: string) => {
    setDraft({ itemId: current.id, text, editing: false });
    // An edit that changes nothing is not sent again.
    if (text !== given) onAnswer(text);
  };

  const status = statusLine({
    waiting,
    readOnly,
    revealed,
    given,
    partnerAnswered: answers.partnerAnswered,
    partner,
    waitingFor: waitingLine(snapshot, `Waiting for ${partner} to answer…`),
  });

  return (
    <section aria-labelledby="question-text" className="flex flex-col gap-5">
      <div className="rounded-card bg-gradient-to-br from-brand-soft via-surface to-gold-soft px-6 py-9 text-center shadow-card ring-1 ring-line sm:px-10 sm:py-12">
        <MessageCircleHeart className="mx-auto size-8 text-brand" aria-hidden />
        <h2
          id="question-text"
          ref={heading}
          tabIndex={-1}
          className="mx-auto mt-4 max-w-xl text-2xl font-bold leading-snug text-balance text-ink focus:outline-none sm:text-3xl"
          style={{ fontFamily: 'var(--font-display)' }}
        >
          {current.payload.text}
        </h2>
      </div>

      {revealed ? (
        <BothAnswers mine={mine} theirs={theirs} me={(snapshot.role === 'host' ? snapshot.host : snapshot.partner)?.username ?? 'You'} partner={partner} />
      ) : composing ? (
        <AnswerComposer
          value={draft.text}
          editing={draft.editing}
          busy={pending != null && !waiting}
          onChange={(text) => setDraft((d) => ({ ...d, text }))}
          onSubmit={send}
          onCancel={() => setDraft((d) => ({ ...d, editing: false }))}
        />
      ) : (
        given != null && (
          <SentAnswer
            text={given}
            note={waiting ? 'Not sent yet' : pending != null ? 'Sending…' : 'Sent'}
            onEdit={readOnly || answers.bothAnswered ? undefined : () => setDraft({ itemId: current.id, text: given, editing: true })}
          />
        )
      )}

      {status && (
        <p role="status" aria-live="polite" className="flex min-h-7 items-center justify-center gap-2 text-center font-semibold text-ink-muted">
          {waiting ? (
            <CloudOff className="size-4 shrink-0 text-brand" aria-hidden />
          ) : (
            given != null && !readOnly && !playingApart(snapshot) && <Heart className="size-4 shrink-0 animate-heartbeat fill-current text-brand" aria-hidden />
          )}
          {status}
        </p>
      )}
    </section>
  );
}

/** The line under the board (spec §8 "Waiting for your partner to answer...", here with their name). */
function statusLine({
  waiting,
  readOnly,
  revealed,
  given,
  partnerAnswered,
  partner,
  waitingFor,
}: {
  waiting: string | null;
  readOnly: boolean;
  revealed: boolean;
  given: string | null;
  partnerAnswered: boolean;
  partner: string;
  waitingFor: string;
}) {
  if (waiting) return "Saved. It will be sent when you're back online.";
  if (revealed) return '';
  if (readOnly) return given != null ? `${partner} did not answer this one.` : 'Neither of you answered this one.';
  if (given != null) return waitingFor;
  return partnerAnswered ? `${partner} has answered. Your turn!` : `Answer in your own words. ${partner} sees it once you have both answered.`;
}

/** The viewer's own answer once given, before the partner has answered: still theirs to change. */
function SentAnswer({ text, note, onEdit }: { text: string; note: string; onEdit?: () => void }) {
  return (
    <div className="animate-fade-up rounded-card bg-surface p-5 shadow-card ring-2 ring-brand/30">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold text-brand-strong">Your answer</p>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', note === 'Sent' ? 'bg-brand-soft text-brand-strong' : 'bg-canvas text-ink-muted ring-1 ring-line')}>
          {note}
        </span>
      </div>
      <p className="mt-2 text-lg leading-relaxed whitespace-pre-wrap break-words text-ink">{text}</p>
      {onEdit && (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden /> Edit answer
        </Button>
      )}
    </div>
  );
}
