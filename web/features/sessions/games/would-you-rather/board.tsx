import { CloudOff, Heart, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { KeyboardHint } from '@/components/ui/keyboard-hint';
import { useOnAfterPaint } from '@/lib/after-paint';
import { cn } from '@/lib/cn';
import type { AnswerOf } from '@core/game-definitions';
import type { BoardProps } from '../../board/board';
import { partnerName, waitingLine, playingApart } from '../../board/scored-round';
import { useChoiceKeys } from '../../board/use-choice-keys';

type Side = AnswerOf<'would_you_rather'>;
const SIDES: Side[] = ['a', 'b'];
const KEYS: Record<string, Side> = { '1': 'a', a: 'a', '2': 'b', b: 'b' };
const SHORTCUTS: Record<Side, string> = { a: '1 A', b: '2 B' };

/**
 * Two option cards; your pick, then both picks revealed once you have both answered
 * (docs/product/sessions-and-games.md#would-you-rather).
 */
export function WouldYouRatherBoard({ snapshot, current, onAnswer, sending, kept, readOnly }: BoardProps<'would_you_rather'>) {
  const { answers } = snapshot;
  const text: Record<Side, string> = { a: current.payload.option_a, b: current.payload.option_b };
  const mine = answers.mine;
  // A pick the server has not had yet shows as what it is: waiting to be sent, not "Your Choice".
  const waiting = SIDES.find((side) => side === kept) ?? null;
  const theirs = answers.bothAnswered ? answers.partner : null;
  const revealed = answers.bothAnswered && !!mine && !!theirs;
  // Until both have answered, a pick can still change (the server replaces it).
  const locked = answers.bothAnswered || readOnly;
  // What follows the lock comes a frame after it: the frame that reveals the partner's pick changes the picked cards'
  // colours and the line that names both, and nothing else (docs/decisions/041-partner-paint.md). Then the lines about
  // changing a pick and the waiting heart go, the cards' labels pop in (their pop starts unseen, at opacity 0), and the
  // rest of the locked look follows: the cursor, the letter badges, the line's full colour. Those restyle every element
  // inside what they change (the cursor and the colour are inherited), three times the elements of the colours alone.
  const settled = useOnAfterPaint(locked, current.id);

  const choose = (side: Side) => {
    if (locked || (sending === undefined && side === (waiting ?? mine))) return;
    onAnswer(side);
  };
  useChoiceKeys(KEYS, choose, !locked);

  // A new question: bring keyboard and screen-reader focus to it (the Next button that had focus is gone).
  // Only when focus was lost with it, so a player whose focus is still on an option keeps it.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstItem = useRef(current.id);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (current.id !== firstItem.current && lost) heading.current?.focus();
  }, [current.id]);

  const status = revealed
    ? mine === theirs
      ? `You both chose “${text[mine]}”!`
      : `You chose “${text[mine]}”. ${partnerName(snapshot)} chose “${text[theirs]}”.`
    : waiting
      ? "Saved. It will be sent when you're back online."
      : readOnly
        ? mine
          ? `${partnerName(snapshot)} did not answer this one.`
          : 'Neither of you answered this one.'
        : mine
          ? waitingLine(snapshot)
          : 'Pick the one you would rather.';

  return (
    <section aria-labelledby="wyr-question" className="flex flex-col gap-4">
      <h2 id="wyr-question" ref={heading} tabIndex={-1} className="text-center text-2xl focus:outline-none font-extrabold text-ink sm:text-3xl">
        Would you rather…
      </h2>
      {/* The gap is wider than the OR badge and the cards' 2 px rings: the badge never sits on a highlighted card's border. */}
      <div className="relative grid gap-10 sm:grid-cols-2 sm:gap-12">
        {SIDES.map((side) => (
          <OptionCard
            key={side}
            side={side}
            text={text[side]}
            mine={!waiting && mine === side}
            waiting={waiting === side}
            partner={revealed && theirs === side}
            labelled={!revealed || settled}
            locked={locked}
            lockShown={locked && settled}
            sending={sending === side}
            onChoose={() => choose(side)}
          />
        ))}
        <span
          aria-hidden
          className="pointer-events-none absolute left-1/2 top-1/2 grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-surface text-xs font-extrabold uppercase text-brand-strong shadow-card ring-1 ring-line sm:size-9"
        >
          or
        </span>
      </div>
      <p
        role="status"
        aria-live="polite"
        // The line that names both picks: scrolled into view above the Next bar (session-screen.tsx).
        data-reveal={revealed ? '' : undefined}
        className={cn('flex min-h-7 items-center justify-center gap-2 text-center font-semibold', revealed && settled ? 'text-ink' : 'text-ink-muted')}
      >
        {waiting ? (
          <CloudOff className="size-4 shrink-0 text-brand" aria-hidden />
        ) : (
          // The waiting heart (it beats once as it comes, docs/decisions/049-a-waiting-screen-is-still.md) stays
          // until a frame after the reveal: the frame that names both picks lays out that line's words alone.
          mine && !settled && !readOnly && !playingApart(snapshot) && <Heart className="size-4 shrink-0 animate-heartbeat fill-current text-brand" aria-hidden />
        )}
        {status}
      </p>
      {!settled && (
        <>
          {mine && <p className="text-center text-xs text-ink-muted">You can still change your pick.</p>}
          <KeyboardHint className="text-center">Keyboard: press 1 or A for the first option, 2 or B for the second.</KeyboardHint>
        </>
      )}
    </section>
  );
}

interface OptionCardProps {
  side: Side;
  text: string;
  mine: boolean;
  waiting: boolean;
  partner: boolean;
  /** The labels follow the picks (false for the frame of the reveal: the labels it brings come in the next). */
  labelled: boolean;
  locked: boolean;
  /** The locked look (cursor, no hover): false for the frame of the reveal, like `labelled`. */
  lockShown: boolean;
  sending: boolean;
  onChoose(): void;
}

function OptionCard({ side, text, mine, waiting, partner, labelled, locked, lockShown, sending, onChoose }: OptionCardProps) {
  const both = mine && partner;
  const partnerLabel = partner && labelled;
  const tone = both
    ? 'bg-success-soft ring-2 ring-success'
    : mine || waiting
      ? cn('bg-brand-soft ring-2', waiting ? 'ring-brand/50' : 'ring-brand')
      : partner
        ? 'bg-gold-soft ring-2 ring-gold'
        : cn('bg-surface ring-1 ring-line', !lockShown && 'hover:-translate-y-0.5 hover:shadow-lift hover:ring-2 hover:ring-brand/60');
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-pressed={mine || waiting}
      aria-disabled={locked || undefined}
      aria-busy={sending || undefined}
      aria-keyshortcuts={SHORTCUTS[side]}
      // No press dip (`active:`): the tap's own answer is the card taking your pick's colours, drawn the frame after it.
      // A style that changes on the press is restyled and painted while the finger lifts, and the tap waited for that
      // frame before its answer left (docs/decisions/041-partner-paint.md). The hover lift is for a mouse only.
      className={cn(
        'group relative flex min-h-32 w-full flex-col items-center justify-center gap-3 rounded-card px-12 pb-5 pt-9 text-center shadow-card transition-[translate] duration-200 sm:min-h-56 sm:px-7',
        lockShown ? 'cursor-default' : 'cursor-pointer',
        tone,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'absolute left-4 top-4 grid size-9 place-items-center rounded-full text-sm font-extrabold uppercase',
          mine || waiting || partnerLabel ? 'bg-surface text-ink' : 'bg-brand-soft text-brand-strong',
        )}
      >
        {side}
      </span>
      <span className="sr-only">Option {side.toUpperCase()}: </span>
      <span className="text-xl font-bold leading-snug text-ink sm:text-2xl" style={{ fontFamily: 'var(--font-display)' }}>
        {text}
      </span>
      <span className="flex min-h-7 flex-wrap items-center justify-center gap-1.5">
        {sending && <Loader2 className="size-5 animate-spin text-brand" aria-label="Sending" />}
        {mine && partnerLabel ? (
          <Label className="bg-success">
            <Heart className="size-3.5 fill-current" aria-hidden /> Both Chose This!
          </Label>
        ) : (
          <>
            {mine && <Label className="bg-brand">Your Choice</Label>}
            {waiting && <Label className="bg-ink-muted">Not sent yet</Label>}
            {partnerLabel && <Label className="bg-gold">Partner&apos;s Choice</Label>}
          </>
        )}
      </span>
    </button>
  );
}

function Label({ className, children }: { className: string; children: ReactNode }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-bold text-on-fill animate-pop', className)}>{children}</span>;
}
