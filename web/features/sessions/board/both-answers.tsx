import { Lock } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';

/**
 * The reveal of a question: both answers, each with its name, side by side on a wider screen and stacked on a phone
 * (docs/product/sessions-and-games.md#question-sessions). Both are final now. You first and in rose, your partner in
 * amber, as in the session's header.
 */
export function BothAnswers({ mine, theirs, me, partner }: { mine: string; theirs: string; me: string; partner: string }) {
  return (
    <div data-reveal className="flex flex-col gap-3">
      <dl aria-label="Both answers" className="grid gap-3 sm:grid-cols-2 sm:gap-4">
        <AnswerCard who="You" name={me} text={mine} tone="rose" />
        <AnswerCard who={partner} name={partner} text={theirs} tone="amber" delay />
      </dl>
      <p className="flex items-center justify-center gap-1.5 text-center text-sm text-ink-muted">
        <Lock className="size-3.5" aria-hidden /> Both answers are in. Take a moment to talk about them.
      </p>
    </div>
  );
}

function AnswerCard({ who, name, text, tone, delay }: { who: string; name: string; text: string; tone: 'rose' | 'amber'; delay?: boolean }) {
  return (
    <div
      className={cn('animate-fade-up rounded-card p-5 shadow-card ring-1', tone === 'rose' ? 'bg-brand-soft/60 ring-brand/20' : 'bg-gold-soft/60 ring-gold/20')}
      // The second answer arrives a beat after the first: the reveal reads as two voices.
      style={delay ? { animationDelay: '90ms', animationFillMode: 'backwards' } : undefined}
    >
      <dt className="flex items-center gap-2.5 font-bold text-ink">
        <Avatar name={name} tone={tone} size="sm" />
        <span>{who}</span>
      </dt>
      <dd className="mt-3 text-lg leading-relaxed whitespace-pre-wrap break-words text-ink">{text}</dd>
    </div>
  );
}
