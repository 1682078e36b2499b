import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const tags = ['system'];

export const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database check',
  tags,
  auth: 'none',
  response: { 200: healthResponse },
});

/** Redis is absent without REDIS_URL; degraded while unreachable or not yet resynced, and the app still serves. */
export const readinessResponse = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'degraded']).optional(),
});
export type Readiness = z.infer<typeof readinessResponse>;

export const getReadiness = defineEndpoint({
  method: 'GET',
  path: '/api/health/ready',
  summary: 'Readiness for a load balancer: 200 when the app can serve (Redis degraded included), 503 when the database is down',
  tags,
  auth: 'none',
  response: { 200: readinessResponse, 503: readinessResponse },
});

export const publicConfigResponse = z.object({
  contactEmail: z.string(),
  requireEmailVerification: z.boolean(),
  devMailbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;

export const getConfig = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  summary: 'Public settings the client needs',
  tags,
  auth: 'none',
  response: { 200: publicConfigResponse },
});
