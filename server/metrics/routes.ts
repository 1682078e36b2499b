import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors';
import type { Metrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header bears this token. Both sides are hashed first, so the comparison takes the same
 * time whatever the header holds, its length included.
 */
export function bearsToken(header: string | undefined, expected: Buffer): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), expected) && given.length > 0;
}

/**
 * GET /metrics in Prometheus's text format, for a scraper bearing METRICS_TOKEN; anything else is a 401 in the
 * app's error shape. Registered only when the token is set: otherwise /metrics is an address like any unknown one.
 * Not part of the app's API: left out of the OpenAPI document.
 */
export async function metricsRoutes(app: FastifyInstance, opts: { metrics: Metrics; token: string }) {
  const expected = digest(opts.token);
  const { registry } = opts.metrics;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearsToken(request.headers.authorization, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody('UNAUTHORIZED'));
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
