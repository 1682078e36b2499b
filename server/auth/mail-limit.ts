import { createHash } from 'node:crypto';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { messages } from '@core/messages';
import type { RateLimitRule, RateLimitStore } from './rate-limit-store';

/** Mails one address may be sent per kind and hour, whoever asks and from wherever (decision 014). */
export const MAIL_LIMIT: RateLimitRule = { window: 60 * 60, max: 3 };

const mailKinds: Record<string, string> = {
  '/request-password-reset': 'reset',
  '/send-verification-email': 'verify',
};

/**
 * A Better Auth `before` hook, so it runs after the library's per-client limit: a client already refused there
 * does not use up the address's allowance. Every request counts, whether or not the address has an account, so
 * the 429 tells nothing about who is registered. The key is a hash: the counters table need not hold addresses.
 */
export function mailLimitHook(store: RateLimitStore) {
  return createAuthMiddleware(async (ctx) => {
    const kind = mailKinds[ctx.path];
    const email: unknown = ctx.body?.email;
    if (!kind || typeof email !== 'string') return;
    const address = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    const { allowed, retryAfter } = await store.consume(`mail:${kind}:${address}`, MAIL_LIMIT);
    if (allowed) return;
    throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_REQUESTS', message: messages.auth.tooManyRequests }, { 'retry-after': String(retryAfter ?? MAIL_LIMIT.window) });
  });
}
