import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@core/contracts/error-response';
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
  // The database out of reach: a real refused connection, and a dropped one as Drizzle wraps it.
  app.get('/db-refused', async () => {
    const client = new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    await client.connect();
  });
  app.get('/db-dropped', async () => {
    throw new Error('Failed query: select 1', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
  });
  app.get('/db-duplicate', async () => {
    throw new Error('Failed query: insert', { cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }) });
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

  it.each(['/db-refused', '/db-dropped'])('answers %s, the database out of reach, with 503, a retry and our sentence', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: messages.http.unavailable } });
  });

  it('keeps 500 for a database error that is not about reaching it', async () => {
    const res = await app.inject({ url: '/db-duplicate' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
  });
});
