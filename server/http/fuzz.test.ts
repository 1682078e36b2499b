import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@core/contracts/error-response';
import { parseJson } from '../../test/api-client';
import { TEST_ORIGIN, type TestApp, type TestUser, cookieFrom, createTestApp, createUser, linkPartners, post, startSession } from '../../test/app';
import { type Route, bodyWith, hostileBodies, hostileForms, hostileParams, hostileQueries, hostileValues, routeTable } from './hostile-input';

/**
 * Every route under /api, fed well-formed but hostile input signed out and signed in (as half of a linked couple,
 * with real ids in the path): no answer may be a 5xx, and every refusal is `errorResponse` (one of our codes). The routes come from Fastify's table, the fields of each
 * body from its documented schema, so a new route or field is covered without touching this file. The local
 * payment provider's routes (/v1 for the SDK, /local-pay for the browser) get hostile forms as well, with and
 * without its key.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let a: TestUser;
let b: TestUser;
let ids: { session: string; sessionInvite: string; item: string };
let openApi: { paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>> };

beforeAll(async () => {
  // Rate limits off, so hostile input reaches the handlers instead of a 429.
  t = await createTestApp({ RATE_LIMIT: 'false', ENABLE_TEST_HELPERS: 'true' });
  // Listening, so that the local payment provider the checkout route calls over HTTP is there to answer.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await setUpCouple();
  openApi = (await t.app.openApiDocument()) as typeof openApi;
});
afterAll(() => t.close());

async function setUpCouple() {
  [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
  await linkPartners(t.app, a, b);
  const session = await startSession(t.app, a);
  // An invitation to a session of b's, so that a, its receiver, can answer it.
  const invitation = await post(t.app, '/api/session-invites', { sessionId: await startSession(t.app, b) }, b.cookie);
  const snapshot = await t.app.inject({ url: `/api/sessions/${session}`, headers: { cookie: a.cookie } });
  ids = { session, sessionInvite: invitation.json().invite.id, item: snapshot.json().current.id };
  expect(ids.sessionInvite).toEqual(expect.any(String));
}

/**
 * Undoes what an accepted probe did, so each route meets a signed-in, linked viewer: a sign-out, an unlink, or
 * a deletion (`{"confirm":true}` is one of the hostile bodies, and rightly deletes the account).
 */
async function restoreViewer() {
  const me = async () => (await t.app.inject({ url: '/api/me', headers: { cookie: a.cookie } })).json().user;
  if (!(await me())) {
    const res = await post(t.app, '/api/auth/sign-in/email', { email: a.email, password: a.password });
    if (res.statusCode !== 200) return setUpCouple();
    a = { ...a, cookie: cookieFrom(res) };
  }
  if (!(await me()).partner) await linkPartners(t.app, a, b);
}

let emails = 0;
/** A plausible value for a field by its name, so one hostile field at a time gets past the others' checks. */
function plausible(field: string): unknown {
  const values: Record<string, unknown> = {
    email: `fuzz${++emails}@example.com`,
    username: 'fuzzer',
    password: 'Sunshine123',
    confirmPassword: 'Sunshine123',
    token: 'A1b2C3d4E5f6G7h8I9j0K1l2',
    sessionId: ids.session,
    itemId: ids.item,
    answer: 'a',
    status: 'rejected',
    // Never true: the fuzz must not delete its own viewer.
    confirm: false,
    endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
  };
  return field in values ? values[field] : 'x';
}

/** The documented body fields of a route, from the OpenAPI document the route schemas make. */
function bodyFields(route: Route): string[] {
  const operation = openApi.paths?.[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  return Object.keys(operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
}

function realPath(url: string, param?: string): string {
  return url.replace(/:(\w+)/g, () => param ?? (url.startsWith('/api/session-invites') ? ids.sessionInvite : ids.session));
}

interface Probe {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  authorization?: string;
}

const FORM = 'application/x-www-form-urlencoded';
const isLocalProvider = (url: string) => url.startsWith('/v1/') || url.startsWith('/local-pay/');

/** The local provider's routes: hostile forms to each write, hostile ids to each path, with and without its key. */
function localProviderProbes(route: Route): Probe[] {
  const { method, url } = route;
  const auth = [undefined, `Bearer ${t.config.payments.secretKey}`];
  const paths = [realPath(url, 'cs_test_local_0'), ...(url.includes(':') ? hostileParams.map((p) => realPath(url, p)) : [])];
  return auth.flatMap((authorization) =>
    paths.flatMap((path) =>
      WRITE_METHODS.has(method)
        ? [
            ...hostileForms.map((payload) => ({ method, url: path, payload, contentType: FORM, authorization })),
            ...hostileBodies.slice(0, 5).map((payload) => ({ method, url: path, payload, authorization })),
          ]
        : [...hostileQueries.map((q) => ({ method, url: `${path}?${q}`, authorization })), { method, url: path, authorization }],
    ),
  );
}

function probesFor(route: Route): Probe[] {
  const { method, url } = route;
  if (isLocalProvider(url)) return localProviderProbes(route);
  if (!WRITE_METHODS.has(method)) {
    return [...hostileQueries.map((q) => ({ method, url: `${realPath(url)}?${q}` })), ...(url.includes(':') ? hostileParams.map((p) => ({ method, url: realPath(url, p) })) : [])];
  }
  const path = realPath(url);
  const fields = bodyFields(route);
  const probes: Probe[] = hostileBodies.map((payload) => ({ method, url: path, payload }));
  const baseBody = () => Object.fromEntries(fields.map((f) => [f, plausible(f)]));
  for (const field of fields) {
    for (const value of hostileValues) {
      const base = baseBody();
      // A new password is checked against its confirmation: both carry the value, so the value itself is tested.
      const overrides = field === 'password' && 'confirmPassword' in base ? { password: value, confirmPassword: value } : { [field]: value };
      probes.push({ method, url: path, payload: bodyWith(base, overrides) });
    }
  }
  if (url.includes(':')) probes.push(...hostileParams.map((p) => ({ method, url: realPath(url, p), payload: JSON.stringify(baseBody()) })));
  return probes;
}

async function send(probe: Probe, cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...(probe.authorization ? { authorization: probe.authorization } : {}) };
  if (probe.payload !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
  return t.app.inject({ method: probe.method as 'POST', url: probe.url, headers, payload: probe.payload });
}

const describeProbe = (p: Probe) => `${p.method} ${p.url.slice(0, 120)} ${p.payload?.slice(0, 120) ?? ''}`;

describe('hostile input on every API route', () => {
  it('finds the routes in the route table', () => {
    const routes = routeTable(t.app);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/auth/sign-out' },
        { method: 'PATCH', url: '/api/session-invites/:id' },
        { method: 'POST', url: '/api/sessions/:id/answers' },
        { method: 'DELETE', url: '/api/account' },
        { method: 'GET', url: '/api/auth/reset-password/:token' },
        { method: 'POST', url: '/api/payments/webhook' },
        { method: 'POST', url: '/v1/checkout/sessions' },
        { method: 'POST', url: '/local-pay/checkout/:id/pay' },
      ]),
    );
    expect(bodyFields({ method: 'POST', url: '/api/auth/sign-up/email' })).toEqual(['email', 'username', 'password', 'confirmPassword', 'timeZone']);
  });

  it.each([
    ['signed out', false],
    ['signed in, linked', true],
  ])('never answers with a 5xx, %s', async (_, signedIn) => {
    const routes = routeTable(t.app).filter((r) => (r.url.startsWith('/api/') || isLocalProvider(r.url)) && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const route of routes) {
      if (signedIn) await restoreViewer();
      const probes = probesFor(route);
      // A few at a time: concurrency is part of the test, and it keeps the run short.
      for (let i = 0; i < probes.length; i += 4) {
        const batch = probes.slice(i, i + 4);
        const responses = await Promise.all(batch.map((p) => send(p, signedIn ? a.cookie : undefined)));
        responses.forEach((res, j) => {
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${describeProbe(batch[j])} → ${res.body.slice(0, 200)}`);
          // Every refusal of the API is one of our codes with a message (the local provider speaks Stripe's shape).
          if (res.statusCode >= 400 && !isLocalProvider(batch[j].url) && !errorResponse.safeParse(parseJson(res.body)).success) {
            failures.push(`not our error shape: ${res.statusCode} ${describeProbe(batch[j])} → ${res.body.slice(0, 200)}`);
          }
        });
        sent += batch.length;
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // Signed in, most probes must get past authentication, or the run proved little.
    if (signedIn) expect((statuses.get(400) ?? 0) + (statuses.get(404) ?? 0)).toBeGreaterThan(sent / 2);
  });
});
