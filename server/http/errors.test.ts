import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@core/contracts/endpoint';
import { messages } from '@core/messages';
import { AppError, registerErrorHandling } from './errors';

const app = Fastify({ logger: false });
beforeAll(async () => {
  registerErrorHandling(app);
  // A plugin's 429 (such as @fastify/rate-limit) with and without a wait of its own, and one of ours.
  app.get('/plugin-limit', async () => {
    throw Object.assign(new Error('Rate limit exceeded'), { statusCode: 429, headers: { 'retry-after': '17' } });
  });
  app.get('/bare-limit', async () => {
    throw Object.assign(new Error('Slow down'), { statusCode: 429 });
  });
  app.get('/our-limit', async () => {
    throw Object.assign(new AppError(429, 'TOO_MANY_REQUESTS', messages.auth.tooManyRequests), { retryAfter: 2.5 });
  });
  app.get('/bad', async () => {
    throw new AppError(400, 'BAD_REQUEST', 'No');
  });
  // Client errors in a library's words, with a library's codes.
  app.get('/library/:status', async (request) => {
    const status = Number((request.params as { status: string }).status);
    throw Object.assign(new Error("FST_ERR_SOMETHING: '%' is not a valid thing"), { statusCode: status, code: 'FST_ERR_SOMETHING' });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the generic error handler', () => {
  it.each([
    ['/plugin-limit', '17'],
    ['/bare-limit', '60'],
    ['/our-limit', '3'],
  ])('gives the 429 of %s a Retry-After of %s seconds and the friendly text', async (url, seconds) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(seconds);
    expect(res.json().error.message).toBe(messages.auth.tooManyRequests);
  });

  it.each([
    [400, 'BAD_REQUEST', messages.http.badRequest],
    [404, 'NOT_FOUND', messages.http.notFound],
    [405, 'METHOD_NOT_ALLOWED', messages.http.methodNotAllowed],
    [418, 'BAD_REQUEST', messages.http.badRequest],
  ])('answers a library’s %i with our code and sentence, never its words', async (status, code, message) => {
    const res = await app.inject({ url: `/library/${status}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code, message } });
    expect(errorResponse.safeParse(res.json()).success).toBe(true);
  });

  it('adds no Retry-After to other errors', async () => {
    const res = await app.inject({ url: '/bad' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
