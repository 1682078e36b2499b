import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { openApiTransform } from './route';

/** Hop-by-hop and length headers are the app's own to set when it sends the body on. */
const NOT_FORWARDED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** What the document says of the API as a whole. */
const OPENAPI = {
  info: { title: 'Twogether API', version: '1.0.0', description: 'Errors always have the shape { "error": { "code", "message" } }.' },
  components: { securitySchemes: { session: { type: 'apiKey' as const, in: 'cookie' as const, name: 'twogether.session_token' } } },
};

/**
 * /api/docs: the app's OpenAPI document and Swagger UI over it, both built on the first visit, not at every start
 * (docs/performance.md, a restart's time). The app only notes each route as it is declared; the first visit
 * declares the same routes (their schemas, no handlers) on a small Fastify instance with `@fastify/swagger`, which
 * writes the document as it would have inside the app, and serves the UI from it. Swagger, its YAML writer and the
 * UI's files are thus never parsed by a start. The app answers what that instance answers, with its own headers
 * and hooks around it. Call before any route is declared.
 */
export function lazyApiDocs(app: FastifyInstance, prefix = '/api/docs') {
  const routes: RouteOptions[] = [];
  // The options object itself: a plugin that completes a route's schema later is seen when the document is written.
  app.addHook('onRoute', (route) => void routes.push(route));

  let docs: Promise<{ ui: FastifyInstance; document: object }> | undefined;
  const load = () =>
    (docs ??= (async () => {
      const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
        import('fastify'),
        import('@fastify/swagger'),
        import('@fastify/swagger-ui'),
      ]);
      // Each route as the app declared it (HEAD routes included, as swagger saw them inside the app), never run.
      const writer = Fastify({ logger: false, exposeHeadRoutes: false });
      writer.setValidatorCompiler(() => () => true);
      writer.setSerializerCompiler(() => (data) => JSON.stringify(data));
      await writer.register(swagger, { openapi: OPENAPI, transform: openApiTransform });
      for (const { method, url, schema, config, constraints } of routes) {
        writer.route({ method, url, schema, config, constraints, handler: async () => null });
      }
      await writer.ready();
      const document = writer.swagger() as object;
      await writer.close();

      const ui = Fastify({ logger: false });
      await ui.register(swagger, { mode: 'static', specification: { document: document as never } });
      await ui.register(swaggerUi, { routePrefix: prefix, staticCSP: true });
      await ui.ready();
      return { ui, document };
    })());
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const { ui } = await load();
    const answer = await ui.inject({ method: request.method as 'GET' | 'HEAD', url: request.url, headers: request.headers });
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  for (const url of [prefix, `${prefix}/*`]) app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: forward });
  app.decorate('openApiDocument', async () => (await load()).document);
}
