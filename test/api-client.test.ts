import { describe, expect, it } from 'vitest';
import { ApiClient, type HttpReply, type HttpRequest } from './api-client';

/** A transport that records requests and answers from a list, so the requests the client builds can be read. */
function recording(...replies: Partial<HttpReply>[]) {
  const sent: HttpRequest[] = [];
  const client = new ApiClient(async (request) => {
    sent.push(request);
    const reply = replies.shift() ?? {};
    return { status: 200, json: null, text: '', cookie: '', ...reply };
  });
  return { client, sent };
}

describe('the shared test client', () => {
  it('signs up with the body the signup form sends, and keeps the cookie the app set', async () => {
    const { client, sent } = recording({ json: { token: 't', user: { id: 'u1' } }, cookie: 'twogether.session_token=abc' });
    const user = await client.signUp({ email: 'ana@example.com', username: 'Ana' });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        body: { email: 'ana@example.com', username: 'Ana', password: 'Sunshine123', confirmPassword: 'Sunshine123' },
        cookie: undefined,
      },
    ]);
    expect(user).toMatchObject({ id: 'u1', cookie: 'twogether.session_token=abc' });
  });

  it("builds session requests from the endpoints' paths, as the signed-in user", async () => {
    const as = { cookie: 'c=1' };
    const { client, sent } = recording({ status: 201, json: { session: { id: 's/1' } } }, {}, {});
    expect(await client.createSession(as, { levelId: '5f0c6f55-5c8e-4b8e-9c43-3a8f1e2b7c10' })).toBe('s/1');
    await client.answer('s/1', 'a', { as, itemId: 'i1' });
    await client.move('s/1', 'next', { as });
    expect(sent.map(({ method, url, body, cookie }) => [method, url, body, cookie])).toEqual([
      ['POST', '/api/sessions', { levelId: '5f0c6f55-5c8e-4b8e-9c43-3a8f1e2b7c10' }, 'c=1'],
      ['POST', '/api/sessions/s%2F1/answers', { answer: 'a', itemId: 'i1' }, 'c=1'],
      // A write without fields still sends a JSON body, as the web does.
      ['POST', '/api/sessions/s%2F1/next', {}, 'c=1'],
    ]);
  });

  it("throws with the app's answer when the status is not the endpoint's success", async () => {
    const { client } = recording({ status: 403, text: '{"error":{"code":"ACCESS_DENIED","message":"Access denied"}}' });
    await expect(client.snapshot('s1')).rejects.toThrow('GET /api/sessions/s1 answered 403: {"error":{"code":"ACCESS_DENIED"');
  });
});
