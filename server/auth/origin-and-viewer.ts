import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { errorBody, unauthorized } from '../http/errors';
import type { Viewer, ViewerCache } from './viewer-cache';

export type { Viewer };

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    /** The signed-in user of this request, or a 401 with 'User not authenticated'. */
    requireViewer(request: FastifyRequest): Promise<Viewer>;
    /** The signed-in user of this request, or null. */
    currentViewer(request: FastifyRequest): Promise<Viewer | null>;
    /** The signed-in user of this request when the session cache knows the cookie already (no promise), else undefined. */
    cachedViewer(request: FastifyRequest): Viewer | undefined;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads the session cookie once per request, and refuses a state-changing request from another origin,
 * or one that carries the cookie without saying where it comes from (CSRF), for every /api route.
 */
export const originAndViewerPlugin = fp(async (app: FastifyInstance, opts: { viewers: ViewerCache; config: Config; originExempt?: string[] }) => {
  const exempt = new Set(opts.originExempt ?? []);
  app.decorateRequest('viewer', null);

  // Callback hooks, not async ones: run on every request, they cost no promise and no extra turn of the event loop.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || exempt.has(request.routeOptions.url ?? '')) return done();
    const origin = request.headers.origin;
    // A browser always sends Origin on a cross-site write; a cookie without one is not a browser we trust.
    if (origin ? origin !== opts.config.appUrl : Boolean(request.headers.cookie)) {
      return void reply.status(403).send(errorBody('INVALID_ORIGIN'));
    }
    done();
  });

  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  const refreshed = new WeakMap<FastifyRequest, string[]>();
  async function load(request: FastifyRequest): Promise<Viewer | null> {
    const { viewer, setCookies } = await opts.viewers.lookup(request.headers.cookie);
    // A session past its update age is extended in the database; the browser's cookie must follow.
    if (setCookies.length) refreshed.set(request, setCookies);
    return viewer;
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const cookies = refreshed.get(request);
    if (cookies && !reply.hasHeader('set-cookie')) reply.header('set-cookie', cookies);
    done(null, payload);
  });

  async function currentViewer(request: FastifyRequest): Promise<Viewer | null> {
    let pending = cache.get(request);
    if (!pending) {
      pending = load(request);
      cache.set(request, pending);
    }
    request.viewer = await pending;
    return request.viewer;
  }

  app.decorate('currentViewer', currentViewer);
  app.decorate('cachedViewer', (request: FastifyRequest) => {
    const viewer = opts.viewers.cached(request.headers.cookie);
    if (viewer) request.viewer = viewer;
    return viewer;
  });
  app.decorate('requireViewer', async (request: FastifyRequest) => {
    const viewer = await currentViewer(request);
    if (!viewer) throw unauthorized();
    return viewer;
  });
});
