import { lazyApiDocs } from './http/api-docs';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { createAuth } from './auth/auth';
import { databaseRateLimitStore, redisRateLimitStore } from './auth/rate-limit-store';
import { authRoutes } from './auth/routes';
import { originAndViewerPlugin } from './auth/origin-and-viewer';
import { createViewerCache } from './auth/viewer-cache';
import { createInvalidationBus } from './cache/invalidation';
import { watchRedis } from './cache/redis';
import { type Clock, offsetClock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { DomainError } from './domain-errors';
import { errorBody, httpError, registerErrorHandling } from './http/errors';
import { healthRoutes } from './http/health';
import { type JobQueue, type JobQueueOptions, createJobQueue } from './jobs/queue';
import { logStream } from './http/log-stream';
import { genReqId, registerRequestId } from './http/request-id';
import { registerRequestLog } from './http/request-log';
import { getConfig } from '@core/contracts/system';
import { route, serializerCompilerFor, zodValidatorCompiler } from './http/route';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers';
import { registerSpa } from './http/static';
import { accountRoutes } from './modules/account/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { dailyRoutes } from './modules/daily/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { memoriesRoutes } from './modules/memories/routes';
import { deviceRoutes } from './modules/notifications/device-routes';
import { deviceOwner } from './modules/notifications/devices';
import { registerNotificationJobs } from './modules/notifications/jobs';
import { localPushRoutes } from './push/local-service';
import { notificationRoutes } from './modules/notifications/routes';
import { sessionInviteRoutes } from './modules/session-invites/routes';
import { announceEndedInvites, endPendingInvites } from './modules/sessions/pending-invites';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { devMailboxRoutes } from './mail/dev-mailbox';
import { partnerRoutes } from './modules/partner-links/routes';
import { createLocalProvider } from './modules/payments/local-provider';
import { localProviderRoutes } from './modules/payments/local-provider-routes';
import { paymentRoutes } from './modules/payments/routes';
import { receiptJob, sendReceipt } from './modules/payments/receipt';
import { createPaymentClient } from './modules/payments/stripe-client';
import { sessionRoutes } from './modules/sessions/routes';
import { testHelperRoutes, travellingClock } from './modules/test-helpers/routes';
import { paths } from './paths';
import { createRealtime } from './realtime/server';
import { inlineScriptHashes } from './http/inline-scripts';
import { sessionAccess, sessionVersion } from './modules/sessions/access';

/** Stripe.js and the frames it opens (Stripe's documented CSP), allowed only when the checkout page loads it. */
const STRIPE_JS = {
  script: 'https://js.stripe.com https://*.js.stripe.com',
  frame: 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
};

/**
 * Our Content-Security-Policy: everything from our own origin, inline styles (Radix positions popovers with them), no
 * inline script but the build's own by hash (the theme before the first paint), no framing. With Stripe as the payment provider, the checkout page's Stripe.js and its frames too.
 */
export function contentSecurityPolicy(https: boolean, { stripe = false, scriptHashes = [] as string[] } = {}): string {
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', ["'self'", ...scriptHashes, ...(stripe ? [STRIPE_JS.script] : [])].join(' ')],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data:"],
    ['connect-src', stripe ? `'self' ws: wss: ${STRIPE_JS.connect}` : "'self' ws: wss:"],
    ...(stripe ? [['frame-src', STRIPE_JS.frame] as [string, string]] : []),
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
  /**
   * The one source of "now" for every expiry, day and hour the app decides (docs/decisions/032): tests hand in a
   * manualClock. Without one: the system's, or with ENABLE_TEST_HELPERS an offsetClock the test helpers move.
   */
  clock?: Clock;
  /** The job queue's timings (tests poll faster); it starts when the app is ready and stops when it closes. */
  jobs?: Pick<JobQueueOptions, 'pollingIntervalSeconds' | 'deadLetterPollingSeconds' | 'maintenanceIntervalSeconds'>;
  /** Where log lines go instead of stdout (tests read them); `config.logFormat` applies only without it. */
  logStream?: DestinationStream;
  /** How push messages leave (tests hand in one that reaches the local push service through inject). */
  pushFetch?: typeof fetch;
}

/** Builds the whole app from its parts; main.ts listens on it, tests drive it with inject. */
export async function buildApp({
  config,
  database,
  mailer: givenMailer,
  redis,
  webDir = paths.webDist,
  presenceGraceMs,
  clock: givenClock,
  jobs: jobTimings,
  logStream: givenLogStream,
  // Not the global itself: reading `fetch` loads Node's HTTP client (undici), which a start does not need yet.
  pushFetch = (input, init) => fetch(input, init),
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // JSON lines in production, readable ones in local mode (http/log-stream.ts); each request's lines carry its reqId.
      stream: givenLogStream ?? (await logStream(config.logFormat)),
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Reset and invite tokens travel in paths and query strings: log neither.
      serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
    },
    // Trust exactly the configured proxy hops: with `true`, a client could pick its own IP and dodge rate limits.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    // A malformed URL or header: our code and sentence, never the framework's words.
    frameworkErrors: (_err, _request, reply) => void (reply as FastifyReply).status(400).send(errorBody('BAD_REQUEST')),
    // One line per request at debug level, server errors and slow requests at warn (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A proxy's X-Request-Id when it is a safe token, else a new id: in every log line, and echoed back.
    genReqId,
    bodyLimit: 64 * 1024,
  });
  const { db } = database;
  const clock = givenClock ?? (config.testHelpers ? offsetClock() : systemClock);
  const mailer = givenMailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, app.log));
  // Background work lives in the app's database (decision 035): started once the app is ready, after migrations.
  const jobs = createJobQueue({ database, log: app.log, clock, ...jobTimings });
  jobs.work(receiptJob, ({ purchaseId }) => sendReceipt({ db, mailer, appUrl: config.appUrl }, purchaseId));
  // Redis is optional at every moment, not only in the configuration: while it is away these degrade (decision 013).
  if (redis) watchRedis(redis, app.log);
  const rateLimitStore = redis ? redisRateLimitStore(redis) : databaseRateLimitStore(db);
  const bus = createInvalidationBus(redis, app.log);
  const auth = createAuth({ config, db, mailer, rateLimitStore, log: app.log, bus });
  const viewers = createViewerCache(auth, bus);

  // The core zod schemas validate requests (with the product's texts), serialise responses and write the OpenAPI document.
  app.setValidatorCompiler(zodValidatorCompiler);
  // Tests compare every response with zod's own encode of it, so the compiled serializer is held to zod's output.
  app.setSerializerCompiler(serializerCompilerFor({ crossCheck: config.env === 'test' }));
  app.removeContentTypeParser('text/plain'); // the API speaks JSON only: anything else is a 415
  registerErrorHandling(app);
  registerRequestLog(app);
  registerRequestId(app);
  // GET /metrics and what it counts exist only with METRICS_TOKEN (docs/decisions/039); its hooks precede every route.
  // prom-client is loaded only then: most installs never set the token (docs/performance.md, a restart's time).
  const metering = config.metricsToken ? await loadMetering() : undefined;
  const metrics = metering?.createMetrics();
  if (metering && metrics) metering.registerHttpMetrics(app, metrics);

  // The policy and helmet's headers never change: built once, not re-derived on every response as helmet does.
  const https = config.appUrl.startsWith('https://');
  const csp = contentSecurityPolicy(https, { stripe: config.payments.provider === 'stripe', scriptHashes: inlineScriptHashes(webDir) });
  registerSecurityHeaders(app, securityHeaders({ https, csp }));
  lazyApiDocs(app);
  await app.register(originAndViewerPlugin, { viewers, config });

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
        const access = await sessionAccess(db, sessionId, userId);
        // Joining the room answers a pending invitation as opening the session does (sessions/snapshot.ts).
        if (access.invited) announceEndedInvites(realtime, await endPendingInvites(db, sessionId, userId));
      } catch (err) {
        // The room join answers with the same status and text as HTTP would.
        throw err instanceof DomainError ? httpError(err) : err;
      }
    },
    sessionVersion: (sessionId) => sessionVersion(db, sessionId),
  });
  app.decorate('realtime', realtime);
  app.decorate('config', config);
  app.decorate('clock', clock);

  await app.register(authRoutes, { auth, config, bus, db });
  await app.register(accountRoutes, {
    db,
    clock,
    events: {
      onDeleted: (userId, partnerId) => {
        bus.publish({ topic: 'auth', userIds: [userId] });
        bus.publish({ topic: 'dashboard', userIds: partnerId ? [userId, partnerId] : [userId] });
        if (!partnerId) return;
        realtime.toUser(partnerId, 'partner:changed', { partner: null });
      },
      onTimeZoneChanged: (userIds) => bus.publish({ topic: 'dashboard', userIds }),
    },
  });
  await app.register(catalogueRoutes, { db });
  await app.register(partnerRoutes, { db, realtime, bus, clock });
  await app.register(sessionInviteRoutes, { db, realtime, clock });
  await app.register(sessionRoutes, { db, realtime, bus, clock, metrics });
  await app.register(dashboardRoutes, { db, bus, clock });
  await app.register(dailyRoutes, { db, realtime, bus, clock });
  await app.register(memoriesRoutes, { db, clock, realtime });
  // Nudges, notification settings, unsubscribe links, the reminders' jobs (decision 036) and Web Push (decision 054).
  const push = config.push && { push: config.push, appUrl: config.appUrl, fetch: pushFetch };
  await app.register(notificationRoutes, { db, clock, realtime, jobs, secret: config.authSecret, push });
  await app.register(deviceRoutes, { db, clock, appUrl: config.appUrl, push: config.push });
  registerNotificationJobs(jobs, { db, mailer, clock, appUrl: config.appUrl, secret: config.authSecret, jobs, push });
  // Card payments: the same SDK calls Stripe, or the local provider served here on the app's own port (decision 020).
  const payments = createPaymentClient(config.payments, () => app.server.address());
  const paymentDeps = { db, provider: payments.provider, realtime, bus, jobs, log: app.log, clock };
  await app.register(paymentRoutes, { deps: paymentDeps, payments });
  if (config.payments.provider === 'local') {
    if (config.isProduction) throw new Error('the local payment provider never runs in production');
    const provider = createLocalProvider({ db, appUrl: config.appUrl, webhookSecret: config.payments.webhookSecret, log: app.log });
    await app.register(localProviderRoutes, { provider, secretKey: config.payments.secretKey, appUrl: config.appUrl });
  }
  if (config.devMailbox) await app.register(devMailboxRoutes, { db });
  // The local push service (RFC 8030) stands in for the browsers' in local mode and tests; never in production.
  if (config.push?.localService) {
    if (config.isProduction) throw new Error('the local push service never runs in production');
    await app.register(localPushRoutes, { clock, appUrl: config.appUrl, publicKey: config.push.vapid.publicKey, whoIs: (endpoint: string) => deviceOwner(db, endpoint) });
  }
  if (config.testHelpers) await app.register(testHelperRoutes, { db, clock: travellingClock(clock) });
  if (metering && metrics) {
    metering.registerGauges(metrics, { realtime, database, jobs, redis, bus });
    await app.register(metering.metricsRoutes, { metrics, token: config.metricsToken! });
  }
  await registerSpa(app, webDir);

  // Started, not awaited: the app answers while pg-boss checks its schema and starts its workers, and a job sent
  // meanwhile waits for it (docs/decisions/042-local-mode-memory.md); main.ts ends the process if it cannot start.
  app.addHook('onReady', async () => void jobs.start().catch((err: Error) => app.log.error({ err }, 'the job queue did not start')));
  app.addHook('onClose', async () => {
    await jobs.stop(); // a mail in progress finishes before the mailer closes
    await Promise.all([mailer.close(), bus.close()]);
  });
  app.decorate('jobs', jobs);
  app.decorate('auth', auth);
  return app;
}

/** What GET /metrics needs, in one load. */
async function loadMetering() {
  const [{ createMetrics, registerHttpMetrics }, { registerGauges }, { metricsRoutes }] = await Promise.all([
    import('./metrics/metrics'),
    import('./metrics/gauges'),
    import('./metrics/routes'),
  ]);
  return { createMetrics, registerHttpMetrics, registerGauges, metricsRoutes };
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
    realtime: ReturnType<typeof createRealtime>;
    config: Config;
    /** The app's clock (AppDeps.clock): modules registered here read "now" from it. */
    clock: Clock;
    /** The durable job queue (server/jobs/queue.ts): modules send jobs to it and register their handlers. */
    jobs: JobQueue;
    /** The app's OpenAPI document, as /api/docs/json serves it, written on first use (http/api-docs.ts). */
    openApiDocument(): Promise<object>;
  }
}
