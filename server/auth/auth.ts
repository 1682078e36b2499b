import { betterAuth } from 'better-auth/minimal';
import { and, eq } from 'drizzle-orm';
import { EMAIL_VERIFICATION_LIFETIME_HOURS, PASSWORD_RESET_LIFETIME_HOURS } from '@core/limits';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { InvalidationBus } from '../cache/invalidation';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accounts, authSessions, users, verifications } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { mailLimitHook } from './mail-limit';
import { hashPassword, verifyPassword } from './password-hash';
import type { RateLimitStore } from './rate-limit-store';

/** The header our Fastify mount sets from request.ip; a client-sent copy is always overwritten. */
export const CLIENT_IP_HEADER = 'x-twogether-client-ip';

/** Every cookie of ours starts with this; the session's is `twogether.session_token` (`__Secure-` on https). */
const COOKIE_PREFIX = 'twogether';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;
const DAY = 24 * 60 * 60;

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
  log: FastifyBaseLogger;
  bus: InvalidationBus;
}

export function createAuth({ config, db, mailer, rateLimitStore, log, bus }: AuthDeps) {
  return betterAuth({
    appName: 'Twogether',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: authSessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.requireEmailVerification,
      autoSignIn: !config.requireEmailVerification,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LIFETIME_HOURS * 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Every session of the user was just revoked: no process may keep answering for one from its cache. Following
      // the mailed link proved the address as a confirmation link would, so it is confirmed too (decision 054).
      onPasswordReset: async ({ user }) => {
        await db
          .update(users)
          .set({ emailVerified: true })
          .where(and(eq(users.id, user.id), eq(users.emailVerified, false)));
        await bus.publish({ topic: 'auth', userIds: [user.id] });
      },
      sendResetPassword: async ({ user, url }) => mailer.send(resetPasswordMail(user.email, user.name, url)),
    },
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      sendOnSignIn: config.requireEmailVerification,
      // Opening a link must not sign anyone in: that would let an attacker log a victim into the attacker's account.
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_LIFETIME_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => mailer.send(verifyEmailMail(user.email, user.name, url)),
      // A cached viewer (decision 024) still says "not confirmed": every process drops it.
      afterEmailVerification: async (user) => bus.publish({ topic: 'auth', userIds: [user.id] }),
    },
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    rateLimit: {
      enabled: config.rateLimit,
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 10 },
      },
      customStorage: rateLimitStore,
    },
    // The per-client limits above cannot stop many clients mailing one address: this limits each address too.
    hooks: config.rateLimit ? { before: mailLimitHook(rateLimitStore) } : undefined,
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.appUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // An error thrown by a hook (our mail limit's 429) would otherwise go to the library's console logger.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        log.error(error instanceof Error ? error.message : 'auth error');
      },
    },
    telemetry: { enabled: false },
    // Through pino, message only: the library's extra arguments can carry SQL parameters (hashes, tokens).
    logger: { level: 'warn', log: (level, message) => log[level === 'debug' ? 'debug' : level](message) },
  });
}

export type Auth = ReturnType<typeof createAuth>;
