import { describe, expect, it } from 'vitest';
import { getMe } from '@core/contracts/account';
import { signIn } from '@core/contracts/auth';
import { errorSentences } from '@core/error-codes';
import { messages } from '@core/messages';
import { type Answer, apiError, mockFetch, reply } from '../../test/component/fetch-mock';
import { ApiError, endpointAt, NETWORK_ERROR, request } from './api';

/** What a failed call to /api/me throws, for this answer. */
async function failureOf(answer: Answer<typeof getMe>) {
  mockFetch([reply(getMe, answer)]);
  const err = await request(getMe).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('a failed request', () => {
  it('shows the message the server sent with one of our codes', async () => {
    const err = await failureOf(apiError(402, 'GOLD_REQUIRED', 'This level needs Lifetime Gold.'));
    expect([err.status, err.code, err.message]).toEqual([402, 'GOLD_REQUIRED', 'This level needs Lifetime Gold.']);
  });

  it("shows the code's sentence when the reply carries no message", async () => {
    const err = await failureOf({ status: 409, raw: { error: { code: 'SESSION_COMPLETED' } } });
    expect([err.code, err.message]).toEqual(['SESSION_COMPLETED', errorSentences.SESSION_COMPLETED]);
  });

  it('says "An unexpected error occurred." for a code it does not know, whatever the message', async () => {
    const err = await failureOf({ status: 400, raw: { error: { code: 'FST_ERR_SOMETHING', message: 'body/x must be string' } } });
    expect([err.code, err.message]).toEqual(['UNEXPECTED', 'An unexpected error occurred.']);
  });

  it.each([400, 401, 404, 500])('never shows a status number for an empty %i', async (status) => {
    const err = await failureOf({ status, raw: null });
    expect(err.message).toBe(messages.http.unexpected);
    expect(err.message).not.toMatch(/\d/);
  });

  it.each([502, 503, 504])("says the app could not be reached for a proxy's HTML %i", async (status) => {
    const err = await failureOf({ status, raw: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' });
    expect([err.status, err.code, err.message]).toEqual([status, 'NETWORK', NETWORK_ERROR]);
  });

  it('says the same when there is no connection', async () => {
    const err = await failureOf('offline');
    expect([err.status, err.code, err.message]).toEqual([0, 'NETWORK', messages.http.unreachable]);
  });
});

describe('an endpoint named by its method and path', () => {
  it('sends the request its contract describes, and reads the answer the same way', async () => {
    const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };
    const mock = mockFetch([reply(signIn, { json: { user } }), reply(getMe, apiError(401, 'UNAUTHORIZED', 'User not authenticated'))]);
    const signInAt = endpointAt<typeof signIn>('POST', '/api/auth/sign-in/email');
    expect(await request(signInAt, { body: { email: 'ana@example.com', password: 'secret-123', timeZone: 'Europe/Lisbon' } })).toEqual({ user });
    expect(mock.to(signIn).map((r) => r.body)).toEqual([{ email: 'ana@example.com', password: 'secret-123', timeZone: 'Europe/Lisbon' }]);
    const err = await request(endpointAt<typeof getMe>('GET', '/api/me')).catch((e: unknown) => e);
    expect([(err as ApiError).status, (err as ApiError).code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('compiles only with the address of the contract it names (npm run typecheck)', () => {
    // @ts-expect-error: a path that is not the contract's
    endpointAt<typeof getMe>('GET', '/api/mee');
    // @ts-expect-error: a method that is not the contract's
    endpointAt<typeof getMe>('POST', '/api/me');
    // @ts-expect-error: no contract named
    endpointAt('GET', '/api/me');
    expect(endpointAt<typeof getMe>('GET', '/api/me')).toEqual({ method: 'GET', path: '/api/me' });
  });
});
