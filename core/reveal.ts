/**
 * The engine's one reveal rule (docs/product/sessions-and-games.md#before-answering-what-stays-hidden), for a game
 * session's items and the daily question alike: a viewer sees that their partner answered at once, and what they
 * answered only once the viewer has answered too. No I/O: the server applies it to what it sends
 * (server/modules/sessions/redaction.ts `liveView`, server/modules/daily/service.ts `viewOfDay`).
 */
export interface Revealed<A> {
  /** The viewer's own answer, or null. */
  mine: A | null;
  /** The partner's answer, only once both have answered. */
  partner: A | null;
  partnerAnswered: boolean;
  bothAnswered: boolean;
}

const given = <A>(answer: A | null | undefined): answer is A => answer !== undefined && answer !== null;

export function reveal<A>(mine: A | null | undefined, theirs: A | null | undefined): Revealed<A> {
  const bothAnswered = given(mine) && given(theirs);
  return { mine: given(mine) ? mine : null, partner: bothAnswered ? theirs : null, partnerAnswered: given(theirs), bothAnswered };
}

/** Where an item stands for one viewer, in the daily question's words: theirs to answer, waiting, or both shown. */
export const REVEAL_STATES = ['your_turn', 'waiting', 'revealed'] as const;
export type RevealState = (typeof REVEAL_STATES)[number];

export function revealState({ mine, bothAnswered }: Pick<Revealed<unknown>, 'mine' | 'bothAnswered'>): RevealState {
  if (mine === null) return 'your_turn';
  return bothAnswered ? 'revealed' : 'waiting';
}
