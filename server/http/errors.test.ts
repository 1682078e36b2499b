import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('adds no Retry-After to other errors', async () => {
    const res = await app.inject({ url: '/bad' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
