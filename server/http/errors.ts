import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ErrorResponse } from '@core/contracts/error-response';
import { type ErrorCode, errorSentences } from '@core/error-codes';
import { messages } from '@core/messages';
import { firstIssue } from '@core/validation';
import { DomainError, type DomainErrorCode } from '../domain-errors';

/** An error meant for the client: one of our codes, and a message shown to the user as it is. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = errorSentences[code],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message: string = messages.auth.notAuthenticated) => new AppError(401, 'UNAUTHORIZED', message);

export type ErrorBody = ErrorResponse;

/** The one shape of every error the API answers; the message is the code's sentence unless a rule has its own. */
export function errorBody(code: ErrorCode, message: string = errorSentences[code]): ErrorBody {
  return { error: { code, message } };
}

/** The status of each refusal a service can raise; its text is the code's sentence (core/error-codes.ts). */
const domainStatus = {
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  UNKNOWN_GAME_TYPE: 400,
  NO_TOKEN: 400,
  INVITE_MALFORMED: 400,
  INVITE_INVALID: 404,
  INVITE_EXPIRED: 410,
  SENDER_UNREADABLE: 404,
  SENDER_PARTNERED: 409,
  OWN_INVITE: 400,
  PROFILE_UNREADABLE: 404,
  ALREADY_PARTNERED: 409,
  NOT_PARTNERED: 409,
  PROFILE_FETCH_FAILED: 404,
  LINK_VERIFICATION_FAILED: 409,
  NO_PARTNER: 400,
  INVITE_NOT_FOUND: 404,
  NOT_RECEIVER: 403,
  NOT_YOUR_SESSION: 403,
  SESSION_INVITE_EXPIRED: 410,
  SESSION_NOT_FOUND: 404,
  ACCESS_DENIED: 403,
  SESSION_READ_ONLY: 409,
  SESSION_COMPLETED: 409,
  ITEM_MOVED_ON: 409,
  ANSWER_FINAL: 409,
  FORWARD_ONLY: 409,
  ANSWER_REVEALED: 409,
  // The message is the question itself, with the creator's name (sessions/link-offer.ts).
  LINK_OFFER: 403,
  HOST_ONLY: 403,
  NOT_BOTH_ANSWERED: 409,
  NOT_ANSWERED_YET: 409,
  LEVEL_NOT_FOUND: 404,
  GOLD_REQUIRED: 402,
  LEVEL_LOCKED: 403,
  MISSING_ANSWER_DATA: 400,
  INVALID_ANSWER: 400,
  GUESSING_ONLY: 400,
  GUESSING_NOT_OFFERED: 400,
  NOT_GUESSING: 400,
  NOT_YOUR_MARK: 403,
  ALREADY_GOLD: 409,
  // The payment provider failed or could not be reached: a bad gateway, not our fault nor the client's.
  CHECKOUT_FAILED: 502,
  GOLD_NOT_ACTIVE: 404,
  NUDGED_TODAY: 409,
  NOTHING_TO_NUDGE: 409,
  UNSUBSCRIBE_INVALID: 400,
  UNSUBSCRIBE_EXPIRED: 410,
  PUSH_ENDPOINT_REFUSED: 400,
  TOO_MANY_DEVICES: 400,
  PUSH_UNAVAILABLE: 400,
} as const satisfies Record<DomainErrorCode, number>;

/** A service's refusal as the client sees it. */
export function httpError(err: DomainError): AppError {
  return new AppError(domainStatus[err.code], err.code, err.text ?? errorSentences[err.code]);
}

/** Fastify's own client errors, mapped to our shape and wording. */
const fastifyCodes: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST'],
};

/** Any other client error (a plugin's, Fastify's), by its status: one of our codes, never the library's words. */
const statusCodes: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};
export const codeOfStatus = (status: number): ErrorCode => statusCodes[status] ?? 'BAD_REQUEST';

/** Seconds until a refused client may retry: what the error says (a number or a header it carries), else a minute. */
function retryAfterSeconds(err: unknown): string {
  const { retryAfter, headers } = err as { retryAfter?: unknown; headers?: Record<string, unknown> };
  const seconds = Number(retryAfter ?? headers?.['retry-after']);
  return String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60);
}

/**
 * A connection to the database refused, dropped or timed out, or the server shutting down or starting (SQLSTATE
 * classes 08 and 57P): on the error or, as Drizzle wraps it, its cause.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$|^57P0[1-3]$/.test(code)) return true;
    if (typeof e.message === 'string' && /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(e.message)) return true;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Every 429, ours or a plugin's, tells the client when to come back (RFC 9110 Retry-After).
    if ((err instanceof AppError ? err.status : err.statusCode) === 429) reply.header('retry-after', retryAfterSeconds(err));
    if (err instanceof DomainError) err = httpError(err);
    if (err instanceof AppError) return reply.status(err.status).send(errorBody(err.code, err.message));
    if (err instanceof z.ZodError) return reply.status(400).send(errorBody('VALIDATION_FAILED', firstIssue(err)));
    const mapped = err.code ? fastifyCodes[err.code] : undefined;
    if (mapped) return reply.status(mapped[0]).send(errorBody(mapped[1]));
    // A plugin's own JSON-schema validation (ours are zod, above): its words are not the product's.
    if (err.validation) return reply.status(400).send(errorBody('VALIDATION_FAILED'));
    // PostgreSQL's data exceptions (SQLSTATE class 22: a value that cannot be stored or cast) are bad input that
    // slipped past validation, not server faults. Drizzle wraps the driver's error: look at its cause too.
    const sqlState = [err, (err as { cause?: unknown }).cause]
      .map((e) => (e as { code?: unknown } | undefined)?.code)
      .find((c) => typeof c === 'string' && /^22[0-9A-Z]{3}$/.test(c));
    if (sqlState) {
      request.log.warn({ sqlState }, 'data exception from the database');
      return reply.status(400).send(errorBody('INVALID_INPUT'));
    }
    // The database out of reach for a moment (a restart, a failover, a dropped connection): 503, try again, not
    // a fault of ours to report as 500. The web keeps an answer tapped meanwhile and sends it again.
    if (isDatabaseUnreachable(err)) {
      request.log.warn({ err }, 'the database is unreachable');
      return reply.status(503).header('retry-after', '5').send(errorBody('UNAVAILABLE'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.debug({ err }, 'client error');
      return reply.status(status).send(errorBody(codeOfStatus(status)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}
