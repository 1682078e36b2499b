import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '@core/contracts/account';
import { createSessionInvite } from '@core/contracts/session-invites';
import { getSession } from '@core/contracts/sessions';
import { apiError, mockFetch, reply } from './fetch-mock';
import { meOf, meReply } from './me';

/** The component tests' fetch mock: replies keyed by endpoint, checked against the endpoint's response schema. */
afterEach(() => void vi.unstubAllGlobals());

describe('a canned reply', () => {
  it('that matches its endpoint is answered, with the status and body it names, and the request is recorded', async () => {
    const api = mockFetch([reply(getMe, meReply())]);
    const res = await fetch('/api/me');
    expect([res.status, await res.json()]).toEqual([200, { user: meOf() }]);
    expect(api.to(getMe)).toEqual([{ method: 'GET', path: '/api/me', body: undefined }]);
  });

  it('that does not match its endpoint’s schema throws, naming the endpoint', () => {
    // @ts-expect-error the body is typed as the endpoint's response: a user needs more than a name
    expect(() => reply(getMe, { json: { user: { username: 'Milo' } } })).toThrow(/^GET \/api\/me: the canned 200 answer does not match its response schema/);
  });

  it('with a status its endpoint never answers throws', () => {
    // @ts-expect-error creating an invitation answers 201 only
    expect(() => reply(createSessionInvite, { status: 200, json: { invite: null, resent: false } })).toThrow(
      /POST \/api\/session-invites answers no 200; its success statuses are 201/,
    );
  });

  it('as an error needs one of our codes', () => {
    expect(apiError(409, 'ALREADY_GOLD', 'You already have it')).toEqual({ status: 409, error: { code: 'ALREADY_GOLD', message: 'You already have it' } });
    // @ts-expect-error not one of core/error-codes.ts
    expect(() => reply(getMe, apiError(400, 'FST_ERR_SOMETHING', 'body/x must be string'))).toThrow(/GET \/api\/me: the error answer does not match errorResponse/);
  });

  it('answers only the path parameters it was given, and `to` tells the requests apart by them', async () => {
    const api = mockFetch([reply(getSession, apiError(404, 'NOT_FOUND', 'Session not found')), reply(getSession, 'offline', { id: 's2' })]);
    expect((await fetch('/api/sessions/s1')).status).toBe(404);
    await expect(fetch('/api/sessions/s2')).rejects.toThrow(TypeError);
    expect(api.to(getSession).map((r) => r.path)).toEqual(['/api/sessions/s1', '/api/sessions/s2']);
    expect(api.to(getSession, { id: 's2' }).map((r) => r.path)).toEqual(['/api/sessions/s2']);
  });

  it('sent raw is passed through unchecked: what a proxy answers', async () => {
    mockFetch([reply(getMe, { status: 502, raw: '<h1>Bad Gateway</h1>', contentType: 'text/html' })]);
    const res = await fetch('/api/me');
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([502, 'text/html', '<h1>Bad Gateway</h1>']);
  });
});

describe('the test fails', () => {
  // Each of these tests passes only if the mock fails it, when the test finishes.
  it.fails('when the screen sends a request no reply answers', async () => {
    mockFetch([reply(getMe, meReply())]);
    await fetch('/api/partner/invites/current').catch(() => undefined);
  });

  it.fails('when a handler answers what its endpoint could not send', async () => {
    mockFetch([reply(getMe, () => ({ json: { user: { id: 'u-me' } } }) as never)]);
    await fetch('/api/me').catch(() => undefined);
  });
});
