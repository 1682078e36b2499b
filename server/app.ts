import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { createAuth } from './auth/auth';
import { databaseRateLimitStore, redisRateLimitStore } from './auth/rate-limit-store';
import { authRoutes } from './auth/routes';
import { sessionPlugin } from './auth/session';
import { createViewerCache } from './auth/viewer-cache';
import { createInvalidationBus } from './cache/invalidation';
import { watchRedis } from './cache/redis';
import type { Config } from './config';
import type { Database } from './db/client';
import { DomainError } from './domain-errors';
import { errorBody, httpError, registerErrorHandling } from './http/errors';
import { healthRoutes } from './http/health';
import { getConfig } from '@core/contracts/system';
import { openApiTransform, route, zodSerializerCompiler, zodValidatorCompiler } from './http/route';
import { registerSpa } from './http/static';
import { accountRoutes } from './modules/account/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { sessionInviteRoutes } from './modules/session-invites/routes';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { devMailboxRoutes } from './mail/dev-mailbox';
import { partnerRoutes } from './modules/partner-links/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { testHelperRoutes } from './modules/test-helpers/routes';
import { paths } from './paths';
import { createRealtime } from './realtime/server';
import { sessionAccess, sessionVersion } from './modules/sessions/access';

/** Our Content-Security-Policy: everything from our own origin, inline styles (Radix positions popovers with them), no framing. */
export function contentSecurityPolicy(https: boolean): string {
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data:"],
    ['connect-src', "'self' ws: wss:"],
    ['font-src', "'self' data:"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
    ['script-src-attr', "'none'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests', '']);
  return directives.map(([name, value]) => (value ? `${name} ${value}` : name)).join('; ');
}

/** A URL fit for logs: no query string, and long token-like path segments masked. */
export function redactUrl(url: string): string {
  return url.split('?')[0].replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, '/[redacted]');
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  redis?: Redis;
  webDir?: string;
  /** How long a dropped player still counts as present in a session room (tests shorten it). */
  presenceGraceMs?: number;
}

/** Builds the whole app from its parts; main.ts listens on it, tests drive it with inject. */
export async function buildApp({ config, database, mailer: givenMailer, redis, webDir = paths.webDist, presenceGraceMs }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Reset and invite tokens travel in paths and query strings: log neither.
      serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
    },
    // Trust exactly the configured proxy hops: with `true`, a client could pick its own IP and dodge rate limits.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    frameworkErrors: (err, _request, reply) => void (reply as FastifyReply).status(400).send(errorBody('BAD_REQUEST', err.message)),
    bodyLimit: 64 * 1024,
  });
  const { db } = database;
  const mailer = givenMailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, app.log));
  // Redis is optional at every moment, not only in the configuration: while it is away these degrade (decision 013).
  if (redis) watchRedis(redis, app.log);
  const rateLimitStore = redis ? redisRateLimitStore(redis) : databaseRateLimitStore(db);
  const bus = createInvalidationBus(redis, app.log);
  const auth = createAuth({ config, db, mailer, rateLimitStore, log: app.log, bus });
  const viewers = createViewerCache(auth, bus);

  // The core zod schemas validate requests (with the product's texts), serialise responses and write the OpenAPI document.
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.removeContentTypeParser('text/plain'); // the API speaks JSON only: anything else is a 415
  registerErrorHandling(app);

  // The policy never changes: built once, not re-derived from its directives on every response as helmet does.
  const csp = contentSecurityPolicy(config.appUrl.startsWith('https://'));
  await app.register(helmet, { contentSecurityPolicy: false, hsts: config.appUrl.startsWith('https://') });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', csp);
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Twogether API', version: '1.0.0', description: 'Errors always have the shape { "error": { "code", "message" } }.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'twogether.session_token' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(sessionPlugin, { viewers, config });

  await app.register(healthRoutes, { database, redis, bus });
  route(app, getConfig, async () => ({
    contactEmail: config.contactEmail,
    requireEmailVerification: config.requireEmailVerification,
    devMailbox: config.devMailbox,
  }));

  const realtime = createRealtime(app, {
    viewers,
    config,
    bus,
    redis,
    presenceGraceMs,
    authorizeSessionJoin: async (sessionId, userId) => {
      try {
        await sessionAccess(db, sessionId, userId);
      } catch (err) {
        // The room join answers with the same status and text as HTTP would.
        throw err instanceof DomainError ? httpError(err) : err;
      }
    },
    sessionVersion: (sessionId) => sessionVersion(db, sessionId),
  });
  app.decorate('realtime', realtime);
  app.decorate('config', config);

  await app.register(authRoutes, { auth, config, bus });
  await app.register(accountRoutes, {
    db,
    events: {
      onDeleted: (userId, partnerId) => {
        bus.publish({ topic: 'auth', userIds: [userId] });
        bus.publish({ topic: 'dashboard', userIds: partnerId ? [userId, partnerId] : [userId] });
        if (!partnerId) return;
        realtime.toUser(partnerId, 'partner:changed', { partner: null });
      },
    },
  });
  await app.register(catalogueRoutes, { db });
  await app.register(partnerRoutes, { db, realtime, bus });
  await app.register(sessionInviteRoutes, { db, realtime });
  await app.register(sessionRoutes, { db, realtime, bus });
  await app.register(dashboardRoutes, { db, bus });
  if (config.devMailbox) await app.register(devMailboxRoutes, { db });
  if (config.testHelpers) await app.register(testHelperRoutes, { db });
  await registerSpa(app, webDir);

  app.addHook('onClose', async () => {
    await Promise.all([mailer.close(), bus.close()]);
  });
  app.decorate('auth', auth);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
    realtime: ReturnType<typeof createRealtime>;
    config: Config;
  }
}
