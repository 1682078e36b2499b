import { Check, HeartHandshake, Sparkles, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { GuessRule } from '@core/game-definitions';
import { gameDefinitions } from '@core/game-definitions';
import { GUESS_MARK_WORDS, GUESS_MARKS, type GuessMark, guessRole } from '@core/guessing';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { SessionSnapshot } from '../api/get-session';
import { useMarkGuess } from '../api/mark-guess';
import { AnswerComposer } from './answer-composer';
import { partnerName } from './scored-round';

type Rule = GuessRule<Record<string, unknown>, unknown, Record<string, unknown>>;

export interface GuessBoardProps {
  snapshot: SessionSnapshot;
  onAnswer(answer: unknown, guess?: unknown): void;
  sending: unknown;
  kept: unknown;
  readOnly: boolean;
}

/**
 * Guess my answer (docs/product/guess-my-answer.md): one board for every activity that offers it, drawn from its
 * definition's guess rule. Predicting, each picks their own option and the one they think the partner picked; written,
 * one answers in their own words and the other writes their guess, the roles alternating item by item. Both are shown
 * once both have answered, naming the partner, with who guessed right, or the answering partner's mark.
 */
export function GuessBoard(props: GuessBoardProps) {
  const { snapshot } = props;
  const rule = (gameDefinitions[snapshot.game] as { guess?: Rule }).guess;
  if (!rule || !snapshot.current) return null;
  // Keyed by the item and what the server holds of this player: a new item, or picks from a reload or another tab,
  // start the board afresh from them.
  const key = `${snapshot.current.id}:${JSON.stringify(snapshot.answers.mine)}:${JSON.stringify(snapshot.guess?.mine ?? null)}`;
  return rule.kind === 'predict' ? <PredictBoard key={key} {...props} rule={rule} /> : <WrittenBoard key={key} {...props} />;
}

const promptOf = (payload: Record<string, unknown>) =>
  typeof payload.question === 'string' ? payload.question : typeof payload.text === 'string' ? payload.text : 'Would you rather…';

function Prompt({ snapshot, children }: { snapshot: SessionSnapshot; children?: ReactNode }) {
  const payload = snapshot.current!.payload as Record<string, unknown>;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-wide text-brand-strong">
        <Sparkles className="size-3.5" aria-hidden /> Guess my answer
      </p>
      <h2 className="text-balance text-2xl font-bold leading-snug text-ink">{promptOf(payload)}</h2>
      {children}
    </div>
  );
}

function PredictBoard({ snapshot, onAnswer, sending, kept, readOnly, rule }: GuessBoardProps & { rule: Rule }) {
  const partner = partnerName(snapshot);
  const { answers, guess } = snapshot;
  const current = snapshot.current!;
  const choices = rule.choices?.(current.payload as Record<string, unknown>) ?? [];
  const [own, setOwn] = useState<unknown>(answers.mine);
  const [predicted, setPredicted] = useState<unknown>(guess?.mine ?? null);
  const labelOf = (value: unknown) => choices.find((c) => rule.same(c.value, value))?.label ?? String(value);
  const sent = answers.mine !== null && rule.same(answers.mine, own) && guess?.mine !== null && rule.same(guess?.mine, predicted);
  const busy = sending !== undefined;

  if (answers.bothAnswered && answers.partner !== null) {
    const mineRight = guess?.mine != null && rule.same(guess.mine, answers.partner);
    const theirsRight = guess?.partner != null && answers.mine !== null && rule.same(guess.partner, answers.mine);
    return (
      <Card className="flex flex-col gap-5" data-reveal>
        <Prompt snapshot={snapshot} />
        <dl aria-label="Both picks" className="grid gap-3 sm:grid-cols-2">
          <Pick who="You chose" value={labelOf(answers.mine)} tone="rose" />
          <Pick who={`${partner} chose`} value={labelOf(answers.partner)} tone="amber" />
        </dl>
        <ul aria-label="Who guessed right" className="flex flex-col gap-2">
          <Verdict right={mineRight}>
            You guessed {partner} would pick <strong>{labelOf(guess?.mine)}</strong>: {mineRight ? 'right!' : 'not this time.'}
          </Verdict>
          <Verdict right={theirsRight}>
            {partner} guessed you would pick <strong>{labelOf(guess?.partner)}</strong>: {theirsRight ? 'right!' : 'not this time.'}
          </Verdict>
        </ul>
      </Card>
    );
  }

  return (
    <Card className="flex flex-col gap-5">
      <Prompt snapshot={snapshot} />
      <ChoiceGroup label="Your pick" choices={choices} value={own} same={rule.same} disabled={readOnly} onPick={setOwn} tone="rose" />
      <ChoiceGroup label={`What will ${partner} pick?`} choices={choices} value={predicted} same={rule.same} disabled={readOnly} onPick={setPredicted} tone="amber" />
      {!readOnly && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p aria-live="polite" className="text-sm text-ink-muted">
            {kept !== undefined
              ? 'Kept on this device: it goes out as soon as you are back online.'
              : sent
                ? `Locked in. Waiting for ${partner}… You can still change your picks.`
                : answers.partnerAnswered
                  ? `${partner} has answered. Your turn.`
                  : 'Pick both, then lock them in.'}
          </p>
          <Button size="lg" disabled={own === null || predicted === null || sent} loading={busy} onClick={() => onAnswer(own, predicted)} className="sm:min-w-44">
            {sent ? 'Locked in' : 'Lock in'}
          </Button>
        </div>
      )}
    </Card>
  );
}

function ChoiceGroup({
  label,
  choices,
  value,
  same,
  disabled,
  onPick,
  tone,
}: {
  label: string;
  choices: { value: unknown; label: string }[];
  value: unknown;
  same(a: unknown, b: unknown): boolean;
  disabled: boolean;
  onPick(value: unknown): void;
  tone: 'rose' | 'amber';
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-ink">{label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice, i) => {
          const checked = value !== null && value !== undefined && same(choice.value, value);
          return (
            <label key={i} className="relative">
              <input type="radio" name={id} checked={checked} onChange={() => onPick(choice.value)} className="peer sr-only" />
              <span
                className={cn(
                  'flex min-h-12 cursor-pointer items-center gap-2 rounded-control border-2 px-4 py-2 text-base font-semibold text-ink transition',
                  'peer-focus-visible:ring-4 peer-focus-visible:ring-brand/40',
                  checked ? (tone === 'rose' ? 'border-brand bg-brand-soft' : 'border-gold bg-gold-soft') : 'border-line bg-surface hover:border-brand/50',
                )}
              >
                {checked && <Check className="size-4 shrink-0" aria-hidden />}
                {choice.label}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Pick({ who, value, tone }: { who: string; value: string; tone: 'rose' | 'amber' }) {
  return (
    <div className={cn('animate-fade-up rounded-card p-4 ring-1', tone === 'rose' ? 'bg-brand-soft/60 ring-brand/20' : 'bg-gold-soft/60 ring-gold/20')}>
      <dt className="text-sm font-semibold text-ink-muted">{who}</dt>
      <dd className="mt-1 text-lg font-bold text-ink">{value}</dd>
    </div>
  );
}

function Verdict({ right, children }: { right: boolean; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-base text-ink">
      {right ? <Check className="mt-1 size-4 shrink-0 text-success" aria-label="Right" /> : <X className="mt-1 size-4 shrink-0 text-ink-muted" aria-label="Not this time" />}
      <span>{children}</span>
    </li>
  );
}

function WrittenBoard({ snapshot, onAnswer, sending, kept, readOnly }: GuessBoardProps) {
  const partner = partnerName(snapshot);
  const { answers, guess, session } = snapshot;
  const current = snapshot.current!;
  const role = guessRole('written', session.currentIndex, snapshot.role === 'host' ? 'host' : 'guest');
  const answering = role === 'answerer';
  const [text, setText] = useState(typeof answers.mine === 'string' ? answers.mine : '');
  const mark = useMarkGuess(session.id);

  if (answers.bothAnswered && typeof answers.partner === 'string' && typeof answers.mine === 'string') {
    const answer = answering ? answers.mine : answers.partner;
    const guessed = answering ? answers.partner : answers.mine;
    const given = guess?.mark ?? null;
    return (
      <Card className="flex flex-col gap-5" data-reveal>
        <Prompt snapshot={snapshot} />
        <dl aria-label="The answer and the guess" className="grid gap-3 sm:grid-cols-2">
          <Written who={answering ? 'Your answer' : `${partner}'s answer`} text={answer} tone={answering ? 'rose' : 'amber'} />
          <Written who={answering ? `${partner}'s guess` : 'Your guess'} text={guessed} tone={answering ? 'amber' : 'rose'} />
        </dl>
        {answering ? (
          <fieldset className="flex flex-col gap-2" disabled={readOnly}>
            <legend className="mb-2 text-sm font-semibold text-ink">How close was {partner}?</legend>
            <div className="grid grid-cols-3 gap-2">
              {GUESS_MARKS.map((m) => (
                <Button
                  key={m}
                  variant={given === m ? 'primary' : 'secondary'}
                  aria-pressed={given === m}
                  loading={mark.isPending && mark.variables?.mark === m}
                  onClick={() => mark.mutate({ itemId: current.id, mark: m })}
                >
                  {GUESS_MARK_WORDS[m]}
                </Button>
              ))}
            </div>
          </fieldset>
        ) : (
          <MarkLine mark={given} partner={partner} />
        )}
        <p className="flex items-center justify-center gap-1.5 text-center text-sm text-ink-muted">
          <HeartHandshake className="size-4" aria-hidden /> Take a moment to talk about it.
        </p>
      </Card>
    );
  }

  return (
    <Card className="flex flex-col gap-5">
      <Prompt snapshot={snapshot}>
        <p className="text-sm text-ink-muted">
          {answering ? `You answer this one. ${partner} guesses what you wrote.` : `${partner} answers this one in their own words. Guess what they will write.`}
        </p>
      </Prompt>
      {readOnly ? null : (
        <>
          <AnswerComposer
            label={answering ? 'Your answer' : `Your guess of ${partner}'s answer`}
            submitLabel={answering ? 'Submit Answer' : 'Submit Guess'}
            value={text}
            editing={false}
            busy={sending !== undefined}
            onChange={setText}
            onSubmit={(t) => onAnswer(t)}
            onCancel={() => setText(typeof answers.mine === 'string' ? answers.mine : '')}
          />
          <p aria-live="polite" className="text-sm text-ink-muted">
            {kept !== undefined
              ? 'Kept on this device: it goes out as soon as you are back online.'
              : answers.mine !== null
                ? `Sent. Waiting for ${partner}… You can still change it.`
                : answers.partnerAnswered
                  ? `${partner} is done. Your turn.`
                  : ''}
          </p>
        </>
      )}
    </Card>
  );
}

function Written({ who, text, tone }: { who: string; text: string; tone: 'rose' | 'amber' }) {
  return (
    <div className={cn('animate-fade-up rounded-card p-5 ring-1', tone === 'rose' ? 'bg-brand-soft/60 ring-brand/20' : 'bg-gold-soft/60 ring-gold/20')}>
      <dt className="text-sm font-semibold text-ink-muted">{who}</dt>
      <dd className="mt-2 text-lg leading-relaxed whitespace-pre-wrap break-words text-ink">{text}</dd>
    </div>
  );
}

function MarkLine({ mark, partner }: { mark: GuessMark | null; partner: string }) {
  return (
    <p aria-live="polite" className="text-center text-base text-ink">
      {mark ? (
        <>
          {partner} marked your guess: <strong>{GUESS_MARK_WORDS[mark]}</strong>
        </>
      ) : (
        `Waiting for ${partner} to mark your guess.`
      )}
    </p>
  );
}
