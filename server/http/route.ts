import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { SwaggerTransform } from '@fastify/swagger';
import { z } from 'zod';
import { type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf, successStatus } from '@core/contracts/endpoint';
import { firstIssue } from '@core/validation';
import type { Viewer } from '../auth/viewer-cache';
import { badRequest } from './errors';
import { compileSerializer } from './serialize';

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * Request validation from the core schemas: a failure is a 400 in our shape with the schema's first message (the
 * product's texts). A missing body is validated as `{}`, so "fill out all fields" is what an empty POST hears too.
 * Every route of ours has zod schemas; a plugin's own routes (the docs page's) may carry others, which pass through.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZod(schema)) return () => true;
  return (data) => {
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: badRequest(firstIssue(result.error), 'VALIDATION_FAILED') };
  };
};

/**
 * Responses go out through their schema: a field the contract does not name never leaves the server, a value of
 * the wrong type is a 500. Written by a serializer compiled from the schema on first use (./serialize.ts); with
 * `crossCheck` (tests), each response is also compared with what zod's own encode would have sent.
 */
export const serializerCompilerFor =
  ({ crossCheck = false } = {}): FastifySerializerCompiler<unknown> =>
  ({ schema }) =>
    isZod(schema) ? compileSerializer(schema, { crossCheck }) : (data) => JSON.stringify(data);
export const zodSerializerCompiler = serializerCompilerFor();

/** Stand-ins for servers outside the app (the local payment provider's pages and API) and development-only routes. */
const notTheAppsApi = /^\/(v1|local-pay|dev|api\/dev|api\/test)(\/|$)/;

/**
 * The OpenAPI document from the same schemas; a plugin's route with a JSON schema keeps it. The document is the app's
 * own API: stand-ins and development routes are left out.
 */
export const openApiTransform: SwaggerTransform = (document) => {
  if (notTheAppsApi.test(document.url)) return { schema: { ...(document.schema ?? {}), hide: true }, url: document.url };
  const { body, params, querystring } = (document.schema ?? {}) as Record<string, unknown>;
  if ([body, params, querystring].some((part) => part !== undefined && !isZod(part))) return { schema: document.schema, url: document.url };
  return jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
};

type ViewerOf<E extends Endpoint> = E['auth'] extends 'required' ? Viewer : Viewer | null;

export interface RouteContext<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  viewer: ViewerOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a route straight from its core definition. The handler gets validated, typed input and the viewer,
 * and returns the success body (sent with the endpoint's first status unless it sets another), or the reply
 * when it has sent something itself (a cached JSON string, a 503).
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: (ctx: RouteContext<E>) => Promise<ResponseOf<E> | FastifyReply>) {
  const { method, path, summary, tags, auth, params, query, body, response } = endpoint;
  const schema = { summary, tags: [...tags], params, querystring: query, body, response, ...(auth === 'required' ? { security: [{ session: [] }] } : {}) };
  const status = successStatus(endpoint);
  app.route({
    method,
    url: path,
    schema: Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined)),
    // Every answer of the API, errors included, is a person's data or a moment's state: no browser or proxy keeps it.
    onRequest: (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    },
    // Who is asking is settled before the input is judged: a visitor hears 401, never a validation message.
    preValidation:
      auth === 'required'
        ? (request, _reply, done) => {
            // Most requests come from a cookie the session cache knows: settled at once, without a promise.
            if (app.cachedViewer(request)) return done();
            app.requireViewer(request).then((viewer) => {
              request.viewer = viewer;
              done();
            }, done);
          }
        : undefined,
    handler: async (request, reply) => {
      // A required viewer was settled before validation (request.viewer); an optional one is read now.
      const viewer = auth === 'none' ? null : auth === 'required' ? request.viewer : await app.currentViewer(request);
      reply.status(status);
      return handler({
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        viewer: viewer as ViewerOf<E>,
        request,
        reply,
      });
    },
  });
}
