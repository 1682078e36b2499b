import confetti from 'canvas-confetti';
import { type RefObject, useEffect, useRef } from 'react';

/** What the two scored boards (Emoji Movie, Couple Quiz) share: one answer per item, a verdict, confetti; the questions board uses the answer state and names too. */

let fire: confetti.CreateTypes | undefined;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Confetti for the player's own correct answer (spec §9: 100 particles for Emoji Movie, 80 for Couple Quiz): once,
 * when the server's view turns this item's answer correct. Not on a reload that finds it already correct, not
 * twice under StrictMode, never for someone who asked for less motion.
 */
export function useCelebrate(correct: boolean, itemId: string, particleCount: number) {
  const seen = useRef({ itemId, correct });
  useEffect(() => {
    const was = seen.current.itemId === itemId && seen.current.correct;
    seen.current = { itemId, correct };
    if (!correct || was || reducedMotion()) return;
    // Our own instance without a worker: the CSP refuses workers made from blob: URLs.
    void (fire ??= confetti.create(undefined, { resize: true, useWorker: false }))({ particleCount, spread: 70, origin: { y: 0.6 } });
  }, [correct, itemId, particleCount]);
}

/**
 * The item the boards last showed, kept outside React: a board keyed by its item (game-board.tsx) mounts afresh for
 * each one, so a ref would always hold the new item.
 */
let shownItem: string | null = null;

/** A new item: focus goes to `target` if it was lost with the Next button that had it (never on the first one shown). */
export function useFocusOnNewItem(itemId: string, target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const previous = shownItem;
    shownItem = itemId;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (previous !== null && previous !== itemId && lost) target.current?.focus();
  }, [itemId, target]);
}

/**
 * Whether an answer is right, as the server's view of the item tells once this viewer has answered: its own
 * verdict if it sends one (`correct`), else the game's rule on what it now reveals. Null while that is still hidden.
 */
export function verdictOf<V extends object>(view: V, answer: string | null, revealed: unknown, rule: (answer: string) => boolean): boolean | null {
  if (answer == null) return null;
  const told = (view as { correct?: unknown }).correct;
  if (typeof told === 'boolean') return told;
  return revealed ? rule(answer) : null;
}

interface Answers {
  mine: string | null;
  partner: string | null;
  partnerAnswered: boolean;
  bothAnswered: boolean;
}

/** One answer per item: where this player's stands (given, being sent, kept offline) and whether the board is locked. */
export function scoredAnswer(answers: Answers, sending: unknown, kept: unknown, readOnly: boolean) {
  const mine = answers.mine;
  const waiting = typeof kept === 'string' ? kept : null;
  const pending = waiting ?? (typeof sending === 'string' ? sending : null);
  return {
    mine,
    waiting,
    pending,
    locked: mine != null || pending != null || readOnly,
    theirs: answers.bothAnswered ? answers.partner : null,
  };
}

/** The line under the board (spec §8 "Waiting for your partner to answer..."; at your own pace, `waitingLine`). */
export function scoredStatus(
  answers: Answers,
  { mine, waiting, pending }: ReturnType<typeof scoredAnswer>,
  readOnly: boolean,
  prompt: string,
  waitingFor: string,
  partner = 'Your partner',
) {
  if (waiting) return "Saved. It will be sent when you're back online.";
  if (readOnly) return mine ? `${partner} did not answer this one.` : 'Neither of you answered this one.';
  if (mine != null) return answers.bothAnswered ? '' : waitingFor;
  if (pending) return '';
  return answers.partnerAnswered ? `${partner} has answered. Your turn!` : prompt;
}

/**
 * Your answer is in and your partner's is not. Live, they are on the same item right now; at your own pace they will
 * come to it in their own time, and the board says so calmly (docs/product/sessions-and-games.md#at-your-own-pace).
 */
export function waitingLine(snapshot: Parameters<typeof partnerName>[0] & { session: { pace: 'live' | 'own' } }, live = 'Waiting for your partner to answer...') {
  return playingApart(snapshot) ? `${partnerName(snapshot)} hasn't answered this one yet — you'll both see the answers once they have.` : live;
}

/** At your own pace the wait is not a moment's: the waiting line is calm, without the pulsing heart of live play. */
export const playingApart = (snapshot: { session: { pace: 'live' | 'own' } }) => snapshot.session.pace === 'own';

/** The other player's name as this viewer sees them. */
export const partnerName = (snapshot: { role: 'host' | 'partner'; host: { username: string }; partner: { username: string } | null }) =>
  (snapshot.role === 'host' ? snapshot.partner?.username : snapshot.host.username) ?? 'Your partner';
