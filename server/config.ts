import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './paths';
import { isVapidPair, isVapidPrivateKey, isVapidPublicKey, localVapidKeys } from './push/vapid-keys';

/**
 * The only reader of process.env. Everything the app can be configured with is validated here at start;
 * a bad value stops the process with a message naming the variable.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Apple's push service refuses a VAPID subject that is neither a mailto: address nor an https: URL. */
function isVapidSubject(value: string): boolean {
  if (/^mailto:[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return true;
  if (!value.startsWith('https://')) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** A host, or `*.` and a host for any of its subdomains: lower-case letters, digits, hyphens and dots. */
const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The browsers' push services: Chrome's (FCM), Firefox's (Mozilla), Safari's (Apple) and Edge's (Windows Notification Service). */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z.url().optional(),
  /** PGlite in a worker thread, off the thread serving HTTP and sockets (decision 023); false runs it in that thread. */
  PGLITE_WORKER: bool.default(true),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Twogether <hello@twogether.app>'),
  CONTACT_EMAIL: z.email().default('hello@twogether.app'),
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  /** How many proxies in front of the app append to X-Forwarded-For (0: none). Never 'trust everything'. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One JSON object a line (production, a log collector) or pino-pretty's lines (local mode); unset: by NODE_ENV. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** The bearer token GET /metrics asks for (docs/decisions/039); unset, there is no /metrics. It travels in a header. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  RATE_LIMIT: bool.default(true),
  ENABLE_TEST_HELPERS: bool.default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  /** The app's VAPID key pair (RFC 8292): push services accept a push signed by the key a subscription was made with. */
  VAPID_PUBLIC_KEY: z.string().refine(isVapidPublicKey, 'must be a P-256 public key in base64url, 65 bytes uncompressed (npx -y web-push generate-vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().refine(isVapidPrivateKey, 'must be a P-256 private key in base64url, 32 bytes (npx -y web-push generate-vapid-keys)').optional(),
  VAPID_SUBJECT: z.string().refine(isVapidSubject, 'must be a mailto: address or an https: URL (Apple refuses anything else)').optional(),
  /** Comma-separated hosts a subscription's endpoint may name; `*.example.com` for its subdomains. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.length > 0, 'must name at least one host')
    .refine((hosts) => hosts.every((host) => HOST_PATTERN.test(host)), 'must be host names separated by commas, each maybe starting with *. (as *.notify.windows.com)')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** What `npm run backup` and `npm run restore` read (docs/decisions/038-backups.md): no secret, and nothing written. */
const backupEnvSchema = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).extend({
  /** Where backups go; default `$DATA_DIR/backups`. */
  BACKUP_DIR: z.string().optional(),
  /** How many backups to keep; older ones are removed after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1, 'must be at least 1').max(10_000).default(7),
});

/**
 * Card payments (docs/decisions/020-payments-local-provider.md): Stripe with its three keys, or the local provider
 * of local mode and tests, which speaks Stripe's API from this app and signs its events with a secret of its own.
 * The app's payment code is the same for both.
 */
export type PaymentsConfig =
  { provider: 'stripe'; secretKey: string; webhookSecret: string; publishableKey: string } | { provider: 'local'; secretKey: string; webhookSecret: string; publishableKey: null };

/** Web Push (docs/decisions/054-web-push-per-device.md): the key pair it signs with and the push services it may call. */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Hosts a subscription's endpoint may name, over https only ('*.x.com' matches subdomains). */
  allowedHosts: string[];
  /** Local mode and tests: the app's own RFC 8030 push service under /dev/push accepts subscriptions (http, the app's origin). Never in production. */
  localService: boolean;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  authSecret: string;
  dataDir: string;
  databaseUrl?: string;
  /** Without DATABASE_URL: PGlite runs in a worker thread (true) or in the main thread. */
  pgliteWorker: boolean;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  contactEmail: string;
  requireEmailVerification: boolean;
  /** Proxy hops to trust for the client IP (rate limits key on it). */
  trustProxy: number;
  logLevel: Env['LOG_LEVEL'];
  /** JSON lines, or readable lines through pino-pretty (the default in development, i.e. local mode). */
  logFormat: 'json' | 'pretty';
  /** GET /metrics answers only a request bearing this token; without it the route does not exist. */
  metricsToken?: string;
  rateLimit: boolean;
  /** Routes under /api/test for end-to-end tests (a Gold couple for the game tests, without paying). Never in production. */
  testHelpers: boolean;
  /** The dev outbox at /dev/mailbox exists only outside production and only without SMTP. */
  devMailbox: boolean;
  payments: PaymentsConfig;
  /** null: production without VAPID keys; push is off, and the app says so. */
  push: PushConfig | null;
}

export class ConfigError extends Error {}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`).join('\n');
}

/** A generated secret kept in the data folder, so local sessions survive a restart. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;

/**
 * Stripe when its keys are set (all three, or it is a mistake); otherwise the local provider, whose keys are derived
 * from the auth secret (stable across restarts, nothing more to keep). Production never runs the local provider.
 */
function paymentsConfig(env: Env, authSecret: string): PaymentsConfig {
  const given = STRIPE_KEYS.filter((k) => env[k]);
  if (given.length === STRIPE_KEYS.length) {
    return { provider: 'stripe', secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, publishableKey: env.STRIPE_PUBLISHABLE_KEY! };
  }
  if (given.length) {
    const missing = STRIPE_KEYS.filter((k) => !env[k]);
    throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required with ${given.join(' and ')} (Stripe needs all three keys)`).join('\n')}`);
  }
  const derive = (purpose: string) => createHmac('sha256', authSecret).update(`twogether local payments: ${purpose}`).digest('base64url');
  return { provider: 'local', secretKey: `sk_test_local_${derive('api key')}`, webhookSecret: `whsec_local_${derive('webhook secret')}`, publishableKey: null };
}

/**
 * VAPID keys from the environment (both, or it is a mistake); without them, local mode generates a pair into the data
 * folder and production turns push off. The local push service exists wherever the local payment provider may.
 */
function pushConfig(env: Env, isProduction: boolean, dataDir: string): PushConfig | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    const [given, missing] = publicKey ? ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] : ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'];
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with ${given} (a key pair: set both or neither)`);
  }
  let keys: { publicKey: string; privateKey: string };
  if (publicKey && privateKey) {
    keys = { publicKey, privateKey };
    if (!isVapidPair(keys)) throw new ConfigError('Invalid configuration:\n  VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY');
  } else if (isProduction) {
    return null;
  } else {
    try {
      keys = localVapidKeys(dataDir);
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  VAPID keys: ${(err as Error).message}`);
    }
  }
  return {
    vapid: { ...keys, subject: env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_EMAIL}` },
    allowedHosts: env.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
    localService: !isProduction,
  };
}

export interface BackupConfig {
  dataDir: string;
  databaseUrl?: string;
  backupDir: string;
  keep: number;
}

/** The backup and restore commands' settings; unlike `loadConfig`, it never creates the auth secret (a restore must find the folder as it was). */
export function loadBackupConfig(source: NodeJS.ProcessEnv = process.env): BackupConfig {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = backupEnvSchema.safeParse(blankless);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    dataDir,
    databaseUrl: parsed.data.DATABASE_URL,
    backupDir: path.resolve(parsed.data.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    keep: parsed.data.BACKUP_KEEP,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction) {
    if (env.ENABLE_TEST_HELPERS) throw new ConfigError('Invalid configuration:\n  ENABLE_TEST_HELPERS: not allowed when NODE_ENV=production');
    const missing = (['SMTP_URL', 'APP_URL', 'AUTH_SECRET', 'STRIPE_SECRET_KEY'] as const).filter((k) => !env[k]);
    const why = (k: string) =>
      k === 'STRIPE_SECRET_KEY' ? ' (with STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY; the local payment provider is for local mode and tests only)' : '';
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when NODE_ENV=production${why(k)}`).join('\n')}`);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const port = overrides.port ?? env.PORT;
  const authSecret = env.AUTH_SECRET ?? localSecret(dataDir);
  return {
    env: env.NODE_ENV,
    isProduction,
    port,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    authSecret,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteWorker: env.PGLITE_WORKER,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    metricsToken: env.METRICS_TOKEN,
    rateLimit: env.RATE_LIMIT,
    testHelpers: env.ENABLE_TEST_HELPERS,
    devMailbox: !isProduction && !env.SMTP_URL,
    payments: paymentsConfig(env, authSecret),
    push: pushConfig(env, isProduction, dataDir),
    ...overrides,
  };
}
