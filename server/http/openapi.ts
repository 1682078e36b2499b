import type { FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * Route schemas here are documentation only: input is validated by the core zod schemas inside the
 * handlers, so the spec's messages reach the client. This turns a zod schema into the OpenAPI part.
 */
export function docs(opts: { tags: string[]; summary: string; body?: z.ZodType; params?: z.ZodType; querystring?: z.ZodType }): FastifySchema {
  const json = (s?: z.ZodType) => (s ? (z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>) : undefined);
  const parts = { body: json(opts.body), params: json(opts.params), querystring: json(opts.querystring) };
  // Only the parts a route has: Fastify warns about a schema key that is present but undefined.
  const defined = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined));
  return { tags: opts.tags, summary: opts.summary, ...defined } as FastifySchema;
}
