import { Hourglass, MessageCircleHeart, Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import type { DailyDay } from './api/get-daily';
import { useAnswerDaily } from './api/answer-daily';
import { DailyAnswerForm } from './daily-answer-form';
import { dayHeading, partnerAnsweredText, stateLabel } from './daily-texts';

const badgeTone = { your_turn: 'brand', waiting: 'neutral', revealed: 'success' } as const;

/** A slot web/app fills: the nudge button while the partner has not answered (docs/product/notifications.md#nudges). */
export type DailyNudgeSlot = (day: string, partnerName: string) => ReactNode;

/**
 * One of the couple's days (docs/product/daily-question.md#answering): the question, its state, and the answer box,
 * your answer while the partner's is pending (changeable), or both answers side by side once both answered.
 */
export function DailyDayCard({
  day,
  today,
  partnerName,
  headingLevel = 'h2',
  nudge,
}: {
  day: DailyDay;
  today: string;
  partnerName: string;
  headingLevel?: 'h2' | 'h3';
  nudge?: DailyNudgeSlot;
}) {
  const answer = useAnswerDaily();
  const [editing, setEditing] = useState(false);
  const Heading = headingLevel;
  const label = dayHeading(day.day, today);
  const send = (text: string) => answer.mutate({ day: day.day, answer: text }, { onSuccess: () => setEditing(false) });
  const error = answer.isError ? errorMessage(answer.error, 'Your answer could not be sent. Please try again.') : null;

  return (
    <Card className="flex flex-col gap-4 p-5 animate-fade-up sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-strong">
          <MessageCircleHeart className="size-4" aria-hidden />
          {label}
        </p>
        <Badge tone={badgeTone[day.state]}>{stateLabel(day.state, partnerName)}</Badge>
      </div>
      <div>
        <Heading id={`daily-${day.day}`} className="text-xl font-bold leading-snug text-ink sm:text-2xl">
          {day.question.text}
        </Heading>
        <p className="mt-1 text-sm text-ink-muted">{day.question.category}</p>
      </div>

      {day.state === 'your_turn' && (
        <>
          {day.partnerAnswered && <p className="rounded-control bg-brand-soft px-4 py-2.5 text-sm font-medium text-brand-strong">{partnerAnsweredText(partnerName)}</p>}
          <DailyAnswerForm busy={answer.isPending} error={error} onSubmit={send} />
        </>
      )}

      {day.state === 'waiting' &&
        (editing ? (
          <DailyAnswerForm initial={day.mine ?? ''} busy={answer.isPending} error={error} onSubmit={send} onCancel={() => setEditing(false)} />
        ) : (
          <>
            <AnswerBubble who="You" text={day.mine ?? ''} mine />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="flex items-center gap-2 text-sm text-ink-muted">
                <Hourglass className="size-4" aria-hidden />
                {partnerName} will see your answer once they have answered.
              </p>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)} className="min-h-11">
                <Pencil className="size-4" aria-hidden />
                Edit answer
              </Button>
            </div>
            {nudge?.(day.day, partnerName)}
          </>
        ))}

      {day.state === 'revealed' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <AnswerBubble who="You" text={day.mine ?? ''} mine />
          <AnswerBubble who={partnerName} text={day.partners ?? ''} />
        </div>
      )}
    </Card>
  );
}

function AnswerBubble({ who, text, mine = false }: { who: string; text: string; mine?: boolean }) {
  return (
    <figure className={cn('rounded-control px-4 py-3 animate-pop', mine ? 'bg-surface-soft ring-1 ring-inset ring-line' : 'bg-brand-soft')}>
      <figcaption className="text-xs font-bold uppercase tracking-wide text-ink-muted">{who}</figcaption>
      <p className="mt-1 whitespace-pre-wrap break-words leading-relaxed text-ink">{text}</p>
    </figure>
  );
}
