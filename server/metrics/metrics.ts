import type { FastifyInstance, RouteOptions } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { GAME_TYPES, type GameType } from '@core/games';

/**
 * What GET /metrics shows (docs/decisions/039-metrics-and-logs.md). It exists only with METRICS_TOKEN: without it
 * nothing here is created and no request pays for it. With it, a request costs one histogram observation.
 */
export interface Metrics {
  registry: Registry;
  /** An answer was recorded and acknowledged (its reply is on its way). */
  answerRecorded(game: GameType): void;
  /** Counts a scrape-time collector that failed (its gauge then says 0). */
  collectFailed(collector: string): void;
}

/** Seconds: from a cache hit to a request an operator should look at (request-log.ts warns past 1 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of a request no route matched: unknown addresses, the single-page app's pages. */
export const UNMATCHED = 'unmatched';
/** Label values of the methods the app serves; anything else a client sends is one more. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string) => (METHODS.has(method) ? method : 'OTHER');

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Event-loop lag, CPU, memory, GC, handles: prom-client's standard process metrics (nodejs_*, process_*).
  collectDefaultMetrics({ register: registry });
  const answers = new Counter({
    name: 'twogether_answers_total',
    help: 'Answers recorded in sessions and acknowledged, by game (rate() gives answers per second)',
    labelNames: ['game'] as const,
    registers: [registry],
  });
  // Every game from 0 (rate() needs a first sample), and its child made once: an answer adds to a number it holds.
  for (const game of GAME_TYPES) answers.inc({ game }, 0);
  const byGame = new Map(GAME_TYPES.map((game) => [game, answers.labels(game)]));
  const failures = new Counter({
    name: 'twogether_metrics_collect_errors_total',
    help: 'Scrape-time collectors that failed (a dependency down or slow): their gauges said 0 that time',
    labelNames: ['collector'] as const,
    registers: [registry],
  });
  return {
    registry,
    answerRecorded: (game) => byGame.get(game)?.inc(),
    collectFailed: (collector) => failures.inc({ collector }),
  };
}

/**
 * Every request in a latency histogram labelled by its route's pattern (`/api/sessions/:id`, never the address a
 * client typed, so the labels are bounded) and its status. Each route gets its own onResponse hook holding its
 * label, added as the route is registered: nothing is looked up or allocated per request but the observation.
 * Call before any route is registered.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  const histogram = new Histogram({
    name: 'twogether_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their latency (_count is the number of requests)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  /** An observer per route: its children by method and status, each made at its first request. */
  const observerFor = (route: string) => {
    const children = new Map<string, Map<number, Histogram.Internal<'method' | 'route' | 'status_code'>>>();
    return (rawMethod: string, status: number, ms: number) => {
      let byStatus = children.get(rawMethod);
      if (!byStatus) children.set(rawMethod, (byStatus = new Map()));
      let child = byStatus.get(status);
      if (!child) byStatus.set(status, (child = histogram.labels(methodLabel(rawMethod), route, String(status))));
      child.observe(ms / 1000);
    };
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    // The built app's hashed asset files are routes of their own: one label for all of them.
    const observe = observerFor(route.url.startsWith('/assets/') ? '/assets/*' : route.url);
    const hook: NonNullable<RouteOptions['onResponse']> = function (request, reply, done) {
      observe(request.method, reply.statusCode, reply.elapsedTime);
      done();
    };
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), hook];
  });
  const unmatched = observerFor(UNMATCHED);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
}
