/**
 * How a screen keeps a session current from what the server pushes and answers (docs/decisions/017), pure so
 * both the web and the tests apply it the same way. Every change a player sees bumps the session's version:
 * - a live state (a POST's answer, a `session:updated` event) is complete: it replaces the live part whenever
 *   it is newer than what the screen holds;
 * - a `session:answered` event is a change to the state one version before it: it applies only on that version;
 *   a later one means an event was missed (a gap), and the screen reads the session again.
 */
import { type SessionAnsweredEvent, type SessionLive, type SessionSnapshot } from './contracts/sessions';
import { gameDefinitions } from './game-definitions';

export type Applied = { outcome: 'applied'; snapshot: SessionSnapshot } | { outcome: 'stale' } | { outcome: 'gap' };

/** A complete live state in place of the snapshot's, unless the snapshot is already as new. */
export function applyLive(snapshot: SessionSnapshot, live: SessionLive): Applied {
  if (live.version <= snapshot.version) return { outcome: 'stale' };
  if (live.game !== snapshot.game) return { outcome: 'gap' };
  return { outcome: 'applied', snapshot: { ...snapshot, ...live, session: { ...snapshot.session, ...live.session } } };
}

/**
 * The other member answered. Our own answers come back with our POST, complete: their echo changes nothing
 * here, and a later event finds the version the POST brought.
 */
export function applyAnswered(snapshot: SessionSnapshot, event: SessionAnsweredEvent, meId: string): Applied {
  if (event.version <= snapshot.version || event.userId === meId) return { outcome: 'stale' };
  if (event.version !== snapshot.version + 1 || snapshot.current?.id !== event.itemId) return { outcome: 'gap' };
  // Checked against the game's contract: the answer must be one of this game's answers to be shown. Only what the
  // event brings is checked (the rest was checked when it came): every other part of the snapshot stays the same
  // object, so the parts of a screen that show them need not render again (docs/performance.md, tap → partner's screen).
  const partner = event.bothAnswered ? gameDefinitions[snapshot.game].answer.nullable().safeParse(event.answer) : { success: true as const, data: null };
  if (!partner.success || typeof event.bothAnswered !== 'boolean' || !Number.isInteger(event.version)) return { outcome: 'gap' };
  const answers = { ...snapshot.answers, partnerAnswered: true, bothAnswered: event.bothAnswered, partner: partner.data };
  return { outcome: 'applied', snapshot: { ...snapshot, version: event.version, answers } as SessionSnapshot };
}
