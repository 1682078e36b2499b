import confetti from 'canvas-confetti';
import { Crown, Sparkles, Trophy } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { gameDefinitions, verdict } from '@core/game-definitions';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { SessionSnapshot } from './api/get-session';
import { partnerName } from './board/scored-round';
import { type Knowing, knowingVerdict } from '@core/guessing';
import { routes } from '@core/routes';

let fireConfetti: confetti.CreateTypes | undefined;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The level is complete (docs/product/sessions-and-games.md#the-completion-dialog): the next level's notice, scores
 * when the game has them, and the ways on. The title says it ("Would You Rather Complete!"); the spec's message
 * "Level Complete!" under it would only say it again, so it is left out (the card under a closed dialog keeps it).
 *
 * Rendered again only while it is open or opening: a closed dialog shows nothing, and the session screen renders
 * again with every answer, a partner's included (docs/performance.md, tap → partner's screen).
 */
export const CompletionDialog = memo(Completion, (before, after) => !before.open && !after.open);

function Completion({ snapshot, meId, open, onOpenChange }: { snapshot: SessionSnapshot; meId: string | undefined; open: boolean; onOpenChange(open: boolean): void }) {
  const { game, level, nextLevel } = snapshot;
  const otherId = snapshot.role === 'host' ? snapshot.partner?.id : snapshot.host.id;
  const scores = snapshot.scores && meId ? { mine: snapshot.scores[meId] ?? 0, partner: (otherId && snapshot.scores[otherId]) || 0 } : null;
  // The server names the next level and whether the couple may play it now (plan and progress,
  // docs/product/sessions-and-games.md#level-unlocking).

  // Once each time it opens (StrictMode runs effects twice), and never for someone who asked for less motion.
  const fired = useRef(false);
  useEffect(() => {
    if (!open) {
      fired.current = false;
      return;
    }
    if (fired.current || reducedMotion()) return;
    fired.current = true;
    // Our own instance without a worker: the CSP (rightly) refuses workers made from blob: URLs.
    void (fireConfetti ??= confetti.create(undefined, { resize: true, useWorker: false }))({ particleCount: 100, spread: 70 });
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`${gameDefinitions[game].displayName} Complete!`}>
      <div className="flex flex-col gap-4">
        <p className="flex items-center gap-3 rounded-control bg-canvas px-4 py-3 text-sm text-ink">
          <Trophy className="size-6 shrink-0 text-gold" aria-hidden />
          <span>
            You finished <strong>{level.name}</strong> in {level.category.name}, together.
          </span>
        </p>
        {nextLevel &&
          (nextLevel.unlocked ? (
            <p className="flex items-center gap-3 rounded-control bg-success-soft px-4 py-3 text-sm font-semibold text-success">
              <Sparkles className="size-5 shrink-0" aria-hidden />
              Level {nextLevel.number}: {nextLevel.name} is now unlocked
            </p>
          ) : (
            // The free plan opens one level per game: the next one is there, behind Lifetime Gold.
            <p className="flex items-center gap-3 rounded-control bg-gold-soft px-4 py-3 text-sm text-ink">
              <Crown className="size-5 shrink-0 text-gold" aria-hidden />
              <span>
                Up next: Level {nextLevel.number}: {nextLevel.name}.{' '}
                <Link to={routes.pricing} className="font-semibold text-gold underline underline-offset-2">
                  Unlock it with Lifetime Gold
                </Link>
              </span>
            </p>
          ))}
        {scores && (
          <div className="rounded-control bg-brand-soft px-4 py-3 text-center">
            <dl className="flex justify-center gap-8">
              <div>
                <dt className="text-sm text-ink-muted">Your score</dt>
                <dd className="text-2xl font-extrabold text-ink">{scores.mine}</dd>
              </div>
              <div>
                <dt className="text-sm text-ink-muted">Partner&apos;s score</dt>
                <dd className="text-2xl font-extrabold text-ink">{scores.partner}</dd>
              </div>
            </dl>
            <p className="mt-2 font-bold text-brand-strong">{verdict(scores.mine, scores.partner)}</p>
          </div>
        )}
        {snapshot.knowing && meId && <KnowingScores knowing={snapshot.knowing} meId={meId} otherId={otherId} partner={partnerName(snapshot)} />}
        <div className="mt-1 flex flex-col gap-2.5">
          <Button asChild>
            <Link to={routes.levels(game, level.category.id)}>Return to Level Selection</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={gameDefinitions[game].home.path}>{gameDefinitions[game].home.label}</Link>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

const times = (n: number) => (n === 1 ? 'time' : 'times');

/** Guess my answer: how well each knew the other ("You knew Sam 7 of 10 times"), and a gentle verdict on the two together. */
function KnowingScores({ knowing, meId, otherId, partner }: { knowing: Record<string, Knowing>; meId: string; otherId: string | undefined; partner: string }) {
  const none: Knowing = { knew: 0, of: 0, close: 0, unmarked: 0 };
  const mine = knowing[meId] ?? none;
  const theirs = (otherId && knowing[otherId]) || none;
  const notes = [
    mine.close + theirs.close > 0 && `${mine.close + theirs.close} close ${mine.close + theirs.close === 1 ? 'guess' : 'guesses'}`,
    mine.unmarked + theirs.unmarked > 0 && `${mine.unmarked + theirs.unmarked} still to mark`,
  ].filter(Boolean);
  return (
    <section aria-label="How well you know each other" className="rounded-control bg-brand-soft px-4 py-3 text-center">
      <h3 className="text-sm font-semibold text-ink-muted">How well you know each other</h3>
      <ul className="mt-2 flex flex-col gap-1 text-base text-ink">
        <li>
          You knew {partner} <strong>{mine.knew}</strong> of {mine.of} {times(mine.of)}
        </li>
        <li>
          {partner} knew you <strong>{theirs.knew}</strong> of {theirs.of} {times(theirs.of)}
        </li>
      </ul>
      {notes.length > 0 && <p className="mt-1 text-sm text-ink-muted">{notes.join(' · ')}</p>}
      <p className="mt-2 font-bold text-brand-strong">{knowingVerdict(mine, theirs)}</p>
    </section>
  );
}
