import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, createTestApp, createUser, linkPartners, post, startSession } from '../../../test/app';

/** A process that has just started knows no level's items yet: the host's first move must still work. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const within = <T>(ms: number, work: Promise<T>) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

it("answers a host's move that is the first thing to read the level", async () => {
  const [host, guest] = await Promise.all([createUser(t.app), createUser(t.app)]);
  await linkPartners(t.app, host, guest);
  const id = await startSession(t.app, host);
  for (const move of ['shuffle', 'prev'] as const) expect((await within(5_000, post(t.app, `/api/sessions/${id}/${move}`, {}, host.cookie))).statusCode).toBe(200);
  expect((await within(5_000, t.app.inject({ url: '/api/health' }))).statusCode).toBe(200);
});
