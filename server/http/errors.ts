import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MISSING_ANSWER_DATA } from '@core/game-definitions';
import { messages } from '@core/messages';
import { firstIssue } from '@core/validation';
import { DomainError, type DomainErrorCode } from '../domain-errors';

/** An error meant for the client: its message is shown to the user as it is. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message: string = messages.auth.notAuthenticated) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string = messages.http.notFound, code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

const p = messages.partner;
const s = messages.session;
/** Each refusal a service can raise: its status and the product's text. */
const domainErrors = {
  NOT_FOUND: [404, messages.http.notFound],
  USER_NOT_FOUND: [404, messages.account.userNotFound],
  UNKNOWN_GAME_TYPE: [400, messages.game.unknownGameType],
  NO_TOKEN: [400, p.noToken],
  INVITE_MALFORMED: [400, p.inviteInvalid],
  INVITE_INVALID: [404, p.inviteInvalid],
  INVITE_EXPIRED: [410, p.inviteExpired],
  SENDER_UNREADABLE: [404, p.senderUnreadable],
  SENDER_PARTNERED: [409, p.senderPartnered],
  OWN_INVITE: [400, p.ownInvite],
  PROFILE_UNREADABLE: [404, p.profileUnreadable],
  ALREADY_PARTNERED: [409, p.alreadyPartnered],
  NOT_PARTNERED: [409, p.notPartnered],
  PROFILE_FETCH_FAILED: [404, p.profileFetchFailed],
  LINK_VERIFICATION_FAILED: [409, p.verificationFailed],
  NO_PARTNER: [400, p.needPartner],
  INVITE_NOT_FOUND: [404, messages.invites.notFound],
  NOT_RECEIVER: [403, messages.invites.notReceiver],
  NOT_YOUR_SESSION: [403, messages.invites.notYourSession],
  SESSION_INVITE_EXPIRED: [410, messages.invites.expired],
  SESSION_NOT_FOUND: [404, s.notFound],
  ACCESS_DENIED: [403, s.accessDenied],
  SESSION_READ_ONLY: [409, s.readOnly],
  SESSION_COMPLETED: [409, s.completed],
  ITEM_MOVED_ON: [409, s.movedOn],
  ANSWER_FINAL: [409, s.answerFinal],
  FORWARD_ONLY: [409, s.forwardOnly],
  ANSWER_REVEALED: [409, s.answerRevealed],
  // The message is the question itself, with the creator's name (sessions/link-offer.ts).
  LINK_OFFER: [403, s.linkOffer('your partner')],
  HOST_ONLY: [403, s.hostOnly],
  NOT_BOTH_ANSWERED: [409, s.notBothAnswered],
  LEVEL_NOT_FOUND: [404, s.levelNotFound],
  GOLD_REQUIRED: [402, s.levelGold],
  LEVEL_LOCKED: [403, s.levelLocked],
  MISSING_ANSWER_DATA: [400, MISSING_ANSWER_DATA],
  INVALID_ANSWER: [400, s.notAnOption],
  ALREADY_GOLD: [409, messages.payments.alreadyGold],
  // The payment provider failed or could not be reached: a bad gateway, not our fault nor the client's.
  CHECKOUT_FAILED: [502, messages.payments.checkoutFailed],
  GOLD_NOT_ACTIVE: [404, messages.payments.notActive],
} as const satisfies Record<DomainErrorCode, readonly [number, string]>;

/** A service's refusal as the client sees it. */
export function httpError(err: DomainError): AppError {
  const [status, text] = domainErrors[err.code];
  return new AppError(status, err.code, err.text ?? text);
}

/** Fastify's own client errors, mapped to our shape and wording. */
const fastifyCodes: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', messages.http.unsupportedMediaType],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', messages.http.payloadTooLarge],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', messages.http.badRequest],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', messages.http.badRequest],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', messages.http.badRequest],
};

/** Seconds until a refused client may retry: what the error says (a number or a header it carries), else a minute. */
function retryAfterSeconds(err: unknown): string {
  const { retryAfter, headers } = err as { retryAfter?: unknown; headers?: Record<string, unknown> };
  const seconds = Number(retryAfter ?? headers?.['retry-after']);
  return String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Every 429, ours or a plugin's, tells the client when to come back (RFC 9110 Retry-After).
    if ((err instanceof AppError ? err.status : err.statusCode) === 429) reply.header('retry-after', retryAfterSeconds(err));
    if (err instanceof DomainError) err = httpError(err);
    if (err instanceof AppError) return reply.status(err.status).send(errorBody(err.code, err.message));
    if (err instanceof z.ZodError) return reply.status(400).send(errorBody('VALIDATION_FAILED', firstIssue(err)));
    const mapped = err.code ? fastifyCodes[err.code] : undefined;
    if (mapped) return reply.status(mapped[0]).send(errorBody(mapped[1], mapped[2]));
    if (err.validation) return reply.status(400).send(errorBody('VALIDATION_FAILED', err.message));
    // PostgreSQL's data exceptions (SQLSTATE class 22: a value that cannot be stored or cast) are bad input that
    // slipped past validation, not server faults. Drizzle wraps the driver's error: look at its cause too.
    const sqlState = [err, (err as { cause?: unknown }).cause]
      .map((e) => (e as { code?: unknown } | undefined)?.code)
      .find((c) => typeof c === 'string' && /^22[0-9A-Z]{3}$/.test(c));
    if (sqlState) {
      request.log.warn({ sqlState }, 'data exception from the database');
      return reply.status(400).send(errorBody('INVALID_INPUT', messages.http.badRequest));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(err.code ?? 'BAD_REQUEST', status === 429 ? messages.auth.tooManyRequests : err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', messages.http.internal));
  });
}
