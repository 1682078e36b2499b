import { MISSING_ANSWER_DATA } from '@core/game-definitions';
import { AppError } from '../../http/errors';

export const ACCESS_DENIED = "You're not authorized to access this game session. Only the creator and their partner can join.";
export const SESSION_NOT_FOUND = 'Session not found';
export const SESSION_READ_ONLY = "You're no longer partners, so this session can be looked at but not played.";
export const HOST_ONLY = 'Only the host can move the session forward.';
export const NOT_BOTH_ANSWERED = 'Both of you need to answer before moving on.';
export const SESSION_COMPLETED = 'This session is already complete.';
export const ITEM_MOVED_ON = 'The session has moved on to another question.';
export const LEVEL_LOCKED = 'This level is locked. Complete the previous level first.';
export const LEVEL_GOLD = 'This level needs Lifetime Gold.';
export const NOT_AN_OPTION = 'That answer is not one of the options';

/**
 * Why the session engine refused, in the domain's words, and the one table that says what each reason is over
 * HTTP (status, code, the text the screen shows). The services only name the reason.
 */
const refusals = {
  not_found: [404, 'SESSION_NOT_FOUND', SESSION_NOT_FOUND],
  denied: [403, 'ACCESS_DENIED', ACCESS_DENIED],
  read_only: [409, 'SESSION_READ_ONLY', SESSION_READ_ONLY],
  completed: [409, 'SESSION_COMPLETED', SESSION_COMPLETED],
  moved_on: [409, 'ITEM_MOVED_ON', ITEM_MOVED_ON],
  host_only: [403, 'HOST_ONLY', HOST_ONLY],
  not_both_answered: [409, 'NOT_BOTH_ANSWERED', NOT_BOTH_ANSWERED],
  level_not_found: [404, 'LEVEL_NOT_FOUND', 'Level not found'],
  level_gold: [402, 'PREMIUM_REQUIRED', LEVEL_GOLD],
  level_locked: [403, 'LEVEL_LOCKED', LEVEL_LOCKED],
  missing_answer: [400, 'MISSING_ANSWER_DATA', MISSING_ANSWER_DATA],
  invalid_answer: [400, 'INVALID_ANSWER', NOT_AN_OPTION],
} as const satisfies Record<string, readonly [number, string, string]>;

export type SessionRefusal = keyof typeof refusals;

/** A refusal of the session engine; `detail` replaces the table's text where the check has a better one (a schema's message). */
export class SessionError extends AppError {
  constructor(
    readonly reason: SessionRefusal,
    detail?: string,
  ) {
    const [status, code, message] = refusals[reason];
    super(status, code, detail ?? message);
  }
}
