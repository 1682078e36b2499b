import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Clock, systemClock } from '../clock';

/** A request slower than this is worth a line at warn level whatever the configured level. */
export const SLOW_REQUEST_MS = 1_000;
/** Under overload every request is slow: one line a second, counting those it stands for, keeps logging cheap then. */
const SLOW_LINE_EVERY_MS = 1_000;
const VERBOSE = new Set(['debug', 'trace']);

/**
 * Request logging off the hot path: Fastify's two lines per request (in at info, out at info) would be two writes
 * to stdout for every answer. Instead one line per request at debug level, and at warn level what needs a look: a
 * server error (5xx) and a slow request. Errors thrown by handlers are logged by the error handler as before.
 * Use with Fastify's `logController: new LogController({ disableRequestLogging: true })`.
 * `responseTime` and `clock` are there for tests: they decide what is slow and when the next slow line is due
 * without waiting for time to pass.
 */
export function registerRequestLog(
  app: FastifyInstance,
  {
    slowMs = SLOW_REQUEST_MS,
    responseTime = (reply: FastifyReply) => reply.elapsedTime,
    clock = systemClock,
  }: { slowMs?: number; responseTime?: (reply: FastifyReply) => number; clock?: Clock } = {},
) {
  let lastSlowLine = 0;
  let slowSince = 0;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = responseTime(reply);
    const failed = reply.statusCode >= 500;
    if (ms >= slowMs && !failed) {
      slowSince++;
      const now = clock.now().getTime();
      if (now - lastSlowLine >= SLOW_LINE_EVERY_MS) {
        request.log.warn({ req: request, statusCode: reply.statusCode, responseTime: ms, slowRequests: slowSince }, 'slow request');
        lastSlowLine = now;
        slowSince = 0;
      }
    } else if (failed) {
      request.log.warn({ req: request, statusCode: reply.statusCode, responseTime: ms }, 'request failed');
    } else if (VERBOSE.has(request.log.level)) {
      request.log.debug({ req: request, statusCode: reply.statusCode, responseTime: ms }, 'request completed');
    }
    done();
  });
}
