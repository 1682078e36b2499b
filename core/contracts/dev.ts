/** Endpoints that exist only off production: the local dev mailbox, the local push service and the end-to-end tests' helpers. */
import { z } from 'zod';
import { okResponse } from './common';
import { defineEndpoint } from './endpoint';

export const outboxMailSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.string() });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** Local mode only, and only from this machine: it holds reset links. */
export const getDevMailbox = defineEndpoint({
  method: 'GET',
  path: '/api/dev/mailbox',
  tags: ['dev'],
  auth: 'none',
  summary: 'Mail stored by the dev outbox, newest first',
  response: { 200: z.object({ messages: z.array(outboxMailSchema) }) },
});

/** A message the local push service took (server/push/local-service.ts): its encrypted body, for a test holding the device's keys. */
export const devPushMessageSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  receivedAt: z.string(),
  /** Bytes of the encrypted body. */
  size: z.number(),
  /** The aes128gcm body in base64url, as the push service received it. */
  body: z.string(),
  ttl: z.number(),
  urgency: z.enum(['very-low', 'low', 'normal', 'high']),
  topic: z.string().nullable(),
});
export type DevPushMessage = z.infer<typeof devPushMessageSchema>;

/** Local mode and tests only, and only from this machine: what the app's own push service received, newest first. */
export const getDevPush = defineEndpoint({
  method: 'GET',
  path: '/api/dev/push',
  tags: ['dev'],
  auth: 'none',
  summary: 'Messages received by the local push service, newest first',
  response: { 200: z.object({ messages: z.array(devPushMessageSchema) }) },
});

/** With ENABLE_TEST_HELPERS only (refused in production): Gold for the signed-in user, as a purchase would give. */
export const grantGold = defineEndpoint({
  method: 'POST',
  path: '/api/test/grant-gold',
  tags: ['dev'],
  auth: 'required',
  summary: 'Test helper: give the signed-in user Lifetime Gold',
  response: { 200: okResponse },
});

/** The longest single step of time travel: a year, enough for any expiry or rhythm the app has. */
export const MAX_CLOCK_STEP_MS = 366 * 24 * 60 * 60 * 1000;
const CLOCK_STEP_TEXT = 'advanceMs must be a whole number of milliseconds, from 0 to a year';

/**
 * With ENABLE_TEST_HELPERS only (refused in production): moves the server's clock forward for every request that
 * follows, so an end-to-end run plays days forward (docs/decisions/032).
 */
export const moveClock = defineEndpoint({
  method: 'POST',
  path: '/api/test/clock',
  tags: ['dev'],
  auth: 'required',
  summary: "Test helper: move the server's clock forward",
  body: z.object({ advanceMs: z.number({ error: CLOCK_STEP_TEXT }).int(CLOCK_STEP_TEXT).min(0, CLOCK_STEP_TEXT).max(MAX_CLOCK_STEP_MS, CLOCK_STEP_TEXT) }),
  response: { 200: z.object({ now: z.string() }) },
});
