import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@core/contracts/endpoint';
import { refuse } from '../domain-errors';
import { registerErrorHandling, unauthorized } from './errors';
import { route, zodSerializerCompiler, zodValidatorCompiler } from './route';

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/echo/:id',
  tags: ['test'],
  auth: 'required',
  summary: 'Echo',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string({ error: 'Please fill out all fields' }).trim().min(1, 'Please fill out all fields') }),
  response: { 201: z.object({ id: z.string(), name: z.string() }) },
});

async function app() {
  const server = Fastify();
  server.setValidatorCompiler(zodValidatorCompiler);
  server.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandling(server);
  const viewer = (cookie?: string) => (cookie ? { id: 'u1', email: 'a@b.c' } : null);
  server.decorate('currentViewer', async (request: FastifyRequest) => viewer(request.headers.cookie));
  server.decorate('requireViewer', async (request: FastifyRequest) => viewer(request.headers.cookie) ?? Promise.reject(unauthorized()));
  server.decorate('cachedViewer', () => undefined);
  route(server, echo, async ({ params, body }) => {
    if (params.id === 'gone') throw refuse('INVITE_NOT_FOUND');
    // A field the contract does not name must not leave the server.
    return { id: params.id, name: body.name, secret: 'x' } as { id: string; name: string };
  });
  return server;
}

describe('route() from a core endpoint', () => {
  it('answers a visitor 401 before looking at the input', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/api/echo/1', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("refuses bad input with 400 and the schema's first message, in our error shape", async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/api/echo/1', headers: { cookie: 'x' }, payload: { name: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Please fill out all fields' } });
    const empty = await (await app()).inject({ method: 'POST', url: '/api/echo/1', headers: { cookie: 'x' } });
    expect(empty.json().error.message).toBe('Please fill out all fields');
  });

  it('sends the success status of the definition, through the response schema', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/api/echo/7', headers: { cookie: 'x' }, payload: { name: ' Ana ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: '7', name: 'Ana' });
  });

  it("maps a service's domain error to its status and text", async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/api/echo/gone', headers: { cookie: 'x' }, payload: { name: 'Ana' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'INVITE_NOT_FOUND', message: 'Invite not found' } });
  });
});
