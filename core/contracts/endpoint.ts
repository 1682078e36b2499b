/**
 * One HTTP endpoint, defined once: the server registers its route from it (validation, serialisation, OpenAPI),
 * the web calls it through it, and tests drive it with it. Plain zod and TypeScript: no server or React here.
 * This file holds zod's types only, so the web's API client carries no zod (docs/decisions/050-public-pages-run-less.md):
 * the error body's schema is in error-response.ts.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's notation: `/api/sessions/:id/answers`. */
  path: string;
  summary: string;
  tags: readonly string[];
  /** 'required': a visitor gets 401 'User not authenticated' before anything else is looked at. */
  auth: 'required' | 'optional' | 'none';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success statuses and their bodies. Response schemas have no transforms: what is sent is what is typed. */
  response: { [status: number]: z.ZodType };
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: the wire shapes, before the server's trimming and defaults. */
export type ParamsInput<E extends Endpoint> = Input<E['params']>;
export type QueryInput<E extends Endpoint> = Input<E['query']>;
export type BodyInput<E extends Endpoint> = Input<E['body']>;
/** What a handler receives, after validation. */
export type ParamsOf<E extends Endpoint> = Output<E['params']>;
export type QueryOf<E extends Endpoint> = Output<E['query']>;
export type BodyOf<E extends Endpoint> = Output<E['body']>;

type SuccessStatus<E extends Endpoint> = Extract<keyof E['response'], number>;
/** The body of any success answer (usually there is one status). */
export type ResponseOf<E extends Endpoint> = z.output<E['response'][SuccessStatus<E>]>;

/** The success status a handler answers with unless it says otherwise: the first one defined. */
export function successStatus(endpoint: Endpoint): number {
  return Number(Object.keys(endpoint.response)[0] ?? 200);
}

/** `/api/sessions/:id` with `{ id }` → `/api/sessions/<id>`, each value encoded. */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a `?a=b` string; undefined values are left out, and an empty query is ''. */
export function queryString(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The request an endpoint makes for these inputs: what the web client, test clients and the bench all send. Only
 * its method and path are read, so the web may name an endpoint by those alone (web/lib/api.ts `endpointAt`).
 */
export function endpointRequest<E extends Endpoint>(
  endpoint: E | Pick<E, 'method' | 'path'>,
  input: { params?: ParamsInput<E>; query?: QueryInput<E>; body?: BodyInput<E> } = {},
): { method: HttpMethod; url: string; body: unknown } {
  const url = endpointPath(endpoint.path, input.params as Record<string, unknown> | undefined) + queryString(input.query as Record<string, unknown> | undefined);
  return { method: endpoint.method, url, body: input.body };
}
