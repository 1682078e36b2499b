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
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads the session cookie once per request, and refuses a state-changing request from another origin,
 * or one that carries the cookie without saying where it comes from (CSRF), for every /api route.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { viewers: ViewerCache; config: Config; originExempt?: string[] }) => {
  const exempt = new Set(opts.originExempt ?? []);
  app.decorateRequest('viewer', null);

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (exempt.has(request.routeOptions.url ?? '')) return;
    const origin = request.headers.origin;
    // A browser always sends Origin on a cross-site write; a cookie without one is not a browser we trust.
    if (origin ? origin !== opts.config.appUrl : Boolean(request.headers.cookie)) {
      return reply.status(403).send(errorBody('INVALID_ORIGIN', 'Invalid origin'));
    }
  });

  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  const refreshed = new WeakMap<FastifyRequest, string[]>();
  async function load(request: FastifyRequest): Promise<Viewer | null> {
    const { viewer, setCookies } = await opts.viewers.lookup(request.headers.cookie);
    // A session past its update age is extended in the database; the browser's cookie must follow.
    if (setCookies.length) refreshed.set(request, setCookies);
    return viewer;
  }

  app.addHook('onSend', async (request, reply) => {
    const cookies = refreshed.get(request);
    if (cookies && !reply.hasHeader('set-cookie')) reply.header('set-cookie', cookies);
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
  app.decorate('requireViewer', async (request: FastifyRequest) => {
    const viewer = await currentViewer(request);
    if (!viewer) throw unauthorized();
    return viewer;
  });
});
