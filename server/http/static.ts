import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/auth';
import { messages } from '@core/messages';
import { errorBody } from './errors';
import { createPagePreloader } from './preload';

/** The built React app, with a history fallback to index.html for every non-API GET (and HEAD). */
export async function registerSpa(app: FastifyInstance, webDir: string) {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      // One route for every file, looked up when asked for: listing the build's 300-odd files (and their .br and
      // .gz) into a route each took 200 ms of every start (docs/performance.md). A path that is no file goes on to the
      // not-found handler below, as before.
      wildcard: true,
      // A folder ('/', '/assets/') is no file to send: the not-found handler answers it (the home page, say).
      allowedPath: (pathName) => !pathName.endsWith('/'),
      index: false,
      // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, file) {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const preloader = hasBuild ? createPagePreloader(webDir) : null;
  app.setNotFoundHandler((request, reply) => {
    // HEAD is answered as GET is (link checkers, uptime monitors, link previews); Node sends the headers, no body.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !request.url.startsWith('/socket.io') && !isMetrics(request.url);
    const pathname = request.url.split('?')[0];
    const prerendered = isPage && !hasSessionCookie(request.headers.cookie) ? preloader?.prerenderedFor(pathname) : undefined;
    if (prerendered) return sendPrerendered(request, reply, pathname, prerendered);
    if (isPage && preloader) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(preloader.htmlFor(pathname));
    if (isPage && hasBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(errorBody('NOT_FOUND', messages.http.notFound));
  });
}

/** The metrics' address is never a page: without METRICS_TOKEN it answers 404 (server/metrics/routes.ts). */
const isMetrics = (url: string) => url === '/metrics' || url.startsWith('/metrics?') || url.startsWith('/metrics/');

/**
 * Whether the request carries a session cookie (Better Auth's, by its prefix: server/auth/auth.ts), valid or not:
 * without one the visitor's prerendered page is what the browser would render too; with one it renders the page
 * itself, since /login and /pricing look different to a signed-in person.
 */
export function hasSessionCookie(header: string | undefined): boolean {
  return (
    !!header &&
    header.split(';').some((pair) => {
      const name = pair.slice(0, pair.indexOf('=')).trim();
      return name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`;
    })
  );
}

/** A prerendered page is about 8 to 20 KB: compressed once, on its first request, in what the browser accepts. */
const compressed = new Map<string, Buffer>();

function sendPrerendered(request: FastifyRequest, reply: FastifyReply, pathname: string, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  // The same address answers a signed-in person with the page the browser renders (Vary: Cookie).
  reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  const key = `${encoding} ${pathname}`;
  let body = compressed.get(key);
  if (!body) {
    body = encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(html, { level: 9 });
    compressed.set(key, body);
  }
  return reply.header('content-encoding', encoding).send(body);
}
