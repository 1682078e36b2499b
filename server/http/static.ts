import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@core/messages';
import { errorBody } from './errors';
import { createPagePreloader } from './preload';

/** The built React app, with a history fallback to index.html for every non-API GET (and HEAD). */
export async function registerSpa(app: FastifyInstance, webDir: string) {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
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
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !request.url.startsWith('/socket.io');
    if (isPage && preloader)
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(preloader.htmlFor(request.url.split('?')[0]));
    if (isPage && hasBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(errorBody('NOT_FOUND', messages.http.notFound));
  });
}
