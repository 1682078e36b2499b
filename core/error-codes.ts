/**
 * Every code the API answers an error with, each with the sentence a person reads (docs/decisions/028). The server
 * sends no other code (`errorResponse` in contracts/error-response.ts is typed by this enum); the web shows a code's
 * sentence when a reply carries no message of its own, and "An unexpected error occurred." for a code it does not
 * know. Services' refusals (server/domain-errors.ts) are a subset; Better Auth's codes are mapped onto these.
 */
import { guessMessages } from './guessing';
import { MAX_PUSH_DEVICES } from './limits';
import { messages } from './messages';

/** Blank or missing data refuses an answer with this text (docs/product/sessions-and-games.md#answering). */
export const MISSING_ANSWER_DATA = 'Missing required data for answer submission';

export const errorCodes = [
  // The HTTP layer
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INVALID_ORIGIN',
  'INTERNAL',
  'UNAVAILABLE',
  // Accounts (Better Auth's codes, in our words)
  'INVALID_EMAIL_OR_PASSWORD',
  'USER_ALREADY_EXISTS',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_ALREADY_VERIFIED',
  'INVALID_TOKEN',
  'PASSWORD_TOO_SHORT',
  'INVALID_EMAIL',
  'AUTH_FAILED',
  'USER_NOT_FOUND',
  'UNKNOWN_GAME_TYPE',
  // Partner invite links
  'NO_TOKEN',
  'INVITE_MALFORMED',
  'INVITE_INVALID',
  'INVITE_EXPIRED',
  'SENDER_UNREADABLE',
  'SENDER_PARTNERED',
  'OWN_INVITE',
  'PROFILE_UNREADABLE',
  'ALREADY_PARTNERED',
  'NOT_PARTNERED',
  'PROFILE_FETCH_FAILED',
  'LINK_VERIFICATION_FAILED',
  // Session invitations
  'NO_PARTNER',
  'INVITE_NOT_FOUND',
  'NOT_RECEIVER',
  'NOT_YOUR_SESSION',
  'SESSION_INVITE_EXPIRED',
  // Sessions
  'SESSION_NOT_FOUND',
  'ACCESS_DENIED',
  'SESSION_READ_ONLY',
  'SESSION_COMPLETED',
  'ITEM_MOVED_ON',
  'ANSWER_FINAL',
  'FORWARD_ONLY',
  'ANSWER_REVEALED',
  'LINK_OFFER',
  'HOST_ONLY',
  'NOT_BOTH_ANSWERED',
  'NOT_ANSWERED_YET',
  'LEVEL_NOT_FOUND',
  'GOLD_REQUIRED',
  'LEVEL_LOCKED',
  'MISSING_ANSWER_DATA',
  'INVALID_ANSWER',
  'GUESSING_ONLY',
  'GUESSING_NOT_OFFERED',
  'NOT_GUESSING',
  'NOT_YOUR_MARK',
  // Payments
  'ALREADY_GOLD',
  'CHECKOUT_FAILED',
  'GOLD_NOT_ACTIVE',
  'INVALID_SIGNATURE',
  // Nudges and unsubscribing
  'NUDGED_TODAY',
  'NOTHING_TO_NUDGE',
  'UNSUBSCRIBE_INVALID',
  'UNSUBSCRIBE_EXPIRED',
  // Devices with notifications
  'PUSH_ENDPOINT_REFUSED',
  'TOO_MANY_DEVICES',
  'PUSH_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const { http, auth, partner: p, session: s, invites, payments, notifications, push } = messages;

/** The sentence of each code: what the server sends unless a rule has a more exact one (a schema's message). */
export const errorSentences: { readonly [C in ErrorCode]: string } = {
  BAD_REQUEST: http.badRequest,
  VALIDATION_FAILED: http.badRequest,
  INVALID_INPUT: http.badRequest,
  UNAUTHORIZED: auth.notAuthenticated,
  FORBIDDEN: http.forbidden,
  NOT_FOUND: http.notFound,
  METHOD_NOT_ALLOWED: http.methodNotAllowed,
  CONFLICT: http.conflict,
  PAYLOAD_TOO_LARGE: http.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: http.unsupportedMediaType,
  TOO_MANY_REQUESTS: auth.tooManyRequests,
  INVALID_ORIGIN: http.invalidOrigin,
  INTERNAL: http.internal,
  UNAVAILABLE: http.unavailable,
  INVALID_EMAIL_OR_PASSWORD: auth.invalidCredentials,
  USER_ALREADY_EXISTS: auth.emailTaken,
  EMAIL_NOT_VERIFIED: auth.emailNotVerified,
  EMAIL_ALREADY_VERIFIED: http.emailAlreadyVerified,
  INVALID_TOKEN: auth.resetTokenInvalid,
  PASSWORD_TOO_SHORT: auth.passwordTooShort,
  INVALID_EMAIL: auth.emailInvalid,
  AUTH_FAILED: http.authFailed,
  USER_NOT_FOUND: messages.account.userNotFound,
  UNKNOWN_GAME_TYPE: messages.game.unknownGameType,
  NO_TOKEN: p.noToken,
  INVITE_MALFORMED: p.inviteInvalid,
  INVITE_INVALID: p.inviteInvalid,
  INVITE_EXPIRED: p.inviteExpired,
  SENDER_UNREADABLE: p.senderUnreadable,
  SENDER_PARTNERED: p.senderPartnered,
  OWN_INVITE: p.ownInvite,
  PROFILE_UNREADABLE: p.profileUnreadable,
  ALREADY_PARTNERED: p.alreadyPartnered,
  NOT_PARTNERED: p.notPartnered,
  PROFILE_FETCH_FAILED: p.profileFetchFailed,
  LINK_VERIFICATION_FAILED: p.verificationFailed,
  NO_PARTNER: p.needPartner,
  INVITE_NOT_FOUND: invites.notFound,
  NOT_RECEIVER: invites.notReceiver,
  NOT_YOUR_SESSION: invites.notYourSession,
  SESSION_INVITE_EXPIRED: invites.expired,
  SESSION_NOT_FOUND: s.notFound,
  ACCESS_DENIED: s.accessDenied,
  SESSION_READ_ONLY: s.readOnly,
  SESSION_COMPLETED: s.completed,
  ITEM_MOVED_ON: s.movedOn,
  ANSWER_FINAL: s.answerFinal,
  FORWARD_ONLY: s.forwardOnly,
  ANSWER_REVEALED: s.answerRevealed,
  // The reply names the creator (sessions/link-offer.ts); without a name, this.
  LINK_OFFER: s.linkOffer('your partner'),
  HOST_ONLY: s.hostOnly,
  NOT_BOTH_ANSWERED: s.notBothAnswered,
  NOT_ANSWERED_YET: s.notAnsweredYet,
  LEVEL_NOT_FOUND: s.levelNotFound,
  GOLD_REQUIRED: s.levelGold,
  LEVEL_LOCKED: s.levelLocked,
  MISSING_ANSWER_DATA,
  INVALID_ANSWER: s.notAnOption,
  GUESSING_ONLY: guessMessages.guessingOnly,
  GUESSING_NOT_OFFERED: guessMessages.guessingNotOffered,
  NOT_GUESSING: guessMessages.notGuessing,
  NOT_YOUR_MARK: guessMessages.notYourMark,
  ALREADY_GOLD: payments.alreadyGold,
  CHECKOUT_FAILED: payments.checkoutFailed,
  GOLD_NOT_ACTIVE: payments.notActive,
  INVALID_SIGNATURE: http.invalidSignature,
  // The replies name the partner (notifications/nudges.ts); without a name, these.
  NUDGED_TODAY: notifications.nudgedToday('your partner'),
  NOTHING_TO_NUDGE: notifications.nothingToNudge('Your partner'),
  UNSUBSCRIBE_INVALID: notifications.unsubscribeInvalid,
  UNSUBSCRIBE_EXPIRED: notifications.unsubscribeExpired,
  PUSH_ENDPOINT_REFUSED: push.endpointRefused,
  TOO_MANY_DEVICES: push.tooManyDevices(MAX_PUSH_DEVICES),
  PUSH_UNAVAILABLE: push.unavailable,
};

const known: ReadonlySet<string> = new Set(errorCodes);
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && known.has(code);

/** The sentence of a code, or "An unexpected error occurred." for one that is not ours. */
export const errorSentence = (code: unknown): string => (isErrorCode(code) ? errorSentences[code] : http.unexpected);
