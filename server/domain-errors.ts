import type { ErrorCode } from '@core/error-codes';

/** Refuses, at compile time, a name that is not one of the enum's. */
type Codes<C extends ErrorCode> = C;

/**
 * What a service refuses, named by a code: a subset of the API's one enum (core/error-codes.ts), whose sentence is
 * the text unless the refusal carries its own (a rule with several texts, a schema's message). Services know nothing
 * of HTTP: server/http/errors.ts gives each code its status.
 */
export type DomainErrorCode = Codes<
  | 'NOT_FOUND'
  | 'USER_NOT_FOUND'
  | 'UNKNOWN_GAME_TYPE'
  // Partner invite links
  | 'NO_TOKEN'
  | 'INVITE_MALFORMED'
  | 'INVITE_INVALID'
  | 'INVITE_EXPIRED'
  | 'SENDER_UNREADABLE'
  | 'SENDER_PARTNERED'
  | 'OWN_INVITE'
  | 'PROFILE_UNREADABLE'
  | 'ALREADY_PARTNERED'
  | 'NOT_PARTNERED'
  | 'PROFILE_FETCH_FAILED'
  | 'LINK_VERIFICATION_FAILED'
  // Session invitations
  | 'NO_PARTNER'
  | 'INVITE_NOT_FOUND'
  | 'NOT_RECEIVER'
  | 'NOT_YOUR_SESSION'
  | 'SESSION_INVITE_EXPIRED'
  // Sessions (server/modules/sessions/errors.ts names them in the engine's words)
  | 'SESSION_NOT_FOUND'
  | 'ACCESS_DENIED'
  | 'SESSION_READ_ONLY'
  | 'SESSION_COMPLETED'
  | 'ITEM_MOVED_ON'
  | 'ANSWER_FINAL'
  | 'FORWARD_ONLY'
  | 'ANSWER_REVEALED'
  | 'LINK_OFFER'
  | 'HOST_ONLY'
  | 'NOT_BOTH_ANSWERED'
  | 'NOT_ANSWERED_YET'
  | 'LEVEL_NOT_FOUND'
  | 'GOLD_REQUIRED'
  | 'LEVEL_LOCKED'
  | 'MISSING_ANSWER_DATA'
  | 'INVALID_ANSWER'
  | 'GUESSING_ONLY'
  | 'GUESSING_NOT_OFFERED'
  | 'NOT_GUESSING'
  | 'NOT_YOUR_MARK'
  // Payments
  | 'ALREADY_GOLD'
  | 'CHECKOUT_FAILED'
  | 'GOLD_NOT_ACTIVE'
  // Nudges and unsubscribing
  | 'NUDGED_TODAY'
  | 'NOTHING_TO_NUDGE'
  | 'UNSUBSCRIBE_INVALID'
  | 'UNSUBSCRIBE_EXPIRED'
  // Devices with notifications
  | 'PUSH_ENDPOINT_REFUSED'
  | 'TOO_MANY_DEVICES'
  | 'PUSH_UNAVAILABLE'
>;
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    /** Only where the rule's text varies; otherwise the HTTP layer's text for the code is used. */
    readonly text?: string,
  ) {
    super(text ?? code);
    this.name = 'DomainError';
  }
}

export const refuse = (code: DomainErrorCode, text?: string) => new DomainError(code, text);
