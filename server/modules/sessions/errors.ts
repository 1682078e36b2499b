import { messages } from '@core/messages';
import { DomainError, type DomainErrorCode } from '../../domain-errors';

const m = messages.session;
// The texts, for the tests that check what a player reads; the HTTP layer gives each refusal its status.
export const ACCESS_DENIED = m.accessDenied;
export const SESSION_NOT_FOUND = m.notFound;
export const SESSION_READ_ONLY = m.readOnly;
export const HOST_ONLY = m.hostOnly;
export const NOT_BOTH_ANSWERED = m.notBothAnswered;
export const SESSION_COMPLETED = m.completed;
export const ITEM_MOVED_ON = m.movedOn;
export const LEVEL_LOCKED = m.levelLocked;
export const LEVEL_GOLD = m.levelGold;
export const NOT_AN_OPTION = m.notAnOption;
export const ANSWER_FINAL = m.answerFinal;
export const FORWARD_ONLY = m.forwardOnly;
export const ANSWER_REVEALED = m.answerRevealed;
/** An item of another level: no answer to this session at all (the server's words only: no screen sends one). */
export const NOT_IN_SESSION = 'That question is not part of this session.';

/** Why the session engine refused, in its own words (`submit_answer` and `session_seat` answer with the same). */
const codes = {
  not_found: 'SESSION_NOT_FOUND',
  denied: 'ACCESS_DENIED',
  read_only: 'SESSION_READ_ONLY',
  completed: 'SESSION_COMPLETED',
  moved_on: 'ITEM_MOVED_ON',
  host_only: 'HOST_ONLY',
  not_both_answered: 'NOT_BOTH_ANSWERED',
  not_answered_yet: 'NOT_ANSWERED_YET',
  level_not_found: 'LEVEL_NOT_FOUND',
  level_gold: 'GOLD_REQUIRED',
  level_locked: 'LEVEL_LOCKED',
  missing_answer: 'MISSING_ANSWER_DATA',
  invalid_answer: 'INVALID_ANSWER',
  answered: 'ANSWER_FINAL',
  forward_only: 'FORWARD_ONLY',
  revealed: 'ANSWER_REVEALED',
  link_offer: 'LINK_OFFER',
  guessing_only: 'GUESSING_ONLY',
  guessing_not_offered: 'GUESSING_NOT_OFFERED',
  not_guessing: 'NOT_GUESSING',
  not_your_mark: 'NOT_YOUR_MARK',
} as const satisfies Record<string, DomainErrorCode>;

export type SessionRefusal = keyof typeof codes;

/** A refusal of the session engine; `detail` replaces the usual text where the check has a better one (a schema's message). */
export class SessionError extends DomainError {
  constructor(
    readonly reason: SessionRefusal,
    detail?: string,
  ) {
    super(codes[reason], detail);
  }
}
