import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

/** The headers one GET answers with, without those every response has whatever its security. */
async function headersOf(setup: (app: FastifyInstance) => Promise<void> | void) {
  const app = Fastify();
  await setup(app);
  app.get('/x', async () => ({ ok: true }));
  const { 'content-type': _type, 'content-length': _length, date: _date, connection: _connection, ...rest } = (await app.inject({ url: '/x' })).headers;
  await app.close();
  return rest;
}

describe('security headers', () => {
  it.each([false, true])('are the ones helmet sends with our options (https: %s), written once', async (https) => {
    const csp = "default-src 'self'";
    const ours = await headersOf((app) => registerSecurityHeaders(app, securityHeaders({ https, csp })));
    const helmets = await headersOf(async (app) => {
      await app.register(helmet, { contentSecurityPolicy: false, hsts: https });
      app.addHook('onRequest', async (_request, reply) => void reply.header('content-security-policy', csp));
    });
    expect(ours).toEqual(helmets);
    expect('strict-transport-security' in ours).toBe(https);
  });
});
