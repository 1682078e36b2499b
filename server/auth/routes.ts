import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as contract, VERIFIED_CALLBACK } from '@core/contracts/auth';
import type { Endpoint } from '@core/contracts/endpoint';
import { messages } from '@core/messages';
import type { InvalidationBus } from '../cache/invalidation';
import type { Config } from '../config';
import { errorBody } from '../http/errors';
import { route, type RouteContext } from '../http/route';
import { type Auth, CLIENT_IP_HEADER } from './auth';

/** Better Auth's error codes, in the words our screens use. */
const authErrors: Record<string, [number, string]> = {
  INVALID_EMAIL_OR_PASSWORD: [401, messages.auth.invalidCredentials],
  USER_ALREADY_EXISTS: [422, messages.auth.emailTaken],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: [422, messages.auth.emailTaken],
  EMAIL_NOT_VERIFIED: [403, messages.auth.emailNotVerified],
  INVALID_TOKEN: [400, messages.auth.resetTokenInvalid],
  PASSWORD_TOO_SHORT: [400, messages.auth.passwordTooShort],
  INVALID_EMAIL: [400, messages.auth.emailInvalid],
};

/** What Better Auth is handed: a path with its query, and for a POST a body built from validated fields only. */
interface Forwarded {
  path: string;
  body?: Record<string, unknown>;
}

const post = (path: string, body: Record<string, unknown>): Forwarded => ({ path, body });

/**
 * Each endpoint of the mount and what it forwards, from input our schemas already validated. An untrusted body is
 * never serialised again: Better Auth sees only fields that passed, so nesting, stray keys or odd characters
 * cannot reach the library.
 */
const mount: { [K in keyof typeof contract]: (input: RouteContext<(typeof contract)[K]>) => Forwarded } = {
  signUp: ({ body: v }) => post(contract.signUp.path, { name: v.username, email: v.email, password: v.password, callbackURL: VERIFIED_CALLBACK }),
  signIn: ({ body: v }) => post(contract.signIn.path, { email: v.email, password: v.password, rememberMe: true }),
  signOut: ({ body }) => post(contract.signOut.path, body),
  getAuthSession: () => ({ path: contract.getAuthSession.path }),
  requestPasswordReset: ({ body }) => post(contract.requestPasswordReset.path, { email: body.email, redirectTo: '/reset-password' }),
  resetPassword: ({ body: v }) => post(contract.resetPassword.path, { token: v.token, newPassword: v.password }),
  resetLink: ({ params }) => ({ path: `/api/auth/reset-password/${params.token}?callbackURL=${encodeURIComponent('/reset-password')}` }),
  verifyEmail: ({ query: { token, callbackURL } }) => ({ path: `/api/auth/verify-email?${new URLSearchParams(callbackURL ? { token, callbackURL } : { token })}` }),
  sendVerificationEmail: ({ body }) => post(contract.sendVerificationEmail.path, { email: body.email, callbackURL: VERIFIED_CALLBACK }),
};

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length' || key === CLIENT_IP_HEADER) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Hands a request to Better Auth as a Web Request and copies its answer back, in our error shape. */
async function forward(auth: Auth, config: Config, request: FastifyRequest, reply: FastifyReply, forwarded: Forwarded) {
  const headers = toHeaders(request);
  let body: string | undefined;
  if (forwarded.body) {
    body = JSON.stringify(forwarded.body);
    headers.set('content-type', 'application/json');
  }
  const response = await auth.handler(new Request(new URL(forwarded.path, config.appUrl), { method: request.method, headers, body }));

  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  const location = response.headers.get('location');
  if (location) reply.header('location', location);
  reply.header('cache-control', 'no-store');

  const text = await response.text();
  if (response.status < 400) {
    reply.status(response.status);
    return text ? reply.type('application/json').send(text) : reply.send();
  }
  let code = 'AUTH_ERROR';
  let message: string = messages.http.badRequest;
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    code = parsed.code ?? code;
    message = parsed.message ?? message;
  } catch {
    /* a non-JSON error from the library: keep the generic text */
  }
  if (response.status >= 500 && !authErrors[code]) {
    request.log.error({ status: response.status, code }, 'auth request failed');
    return reply.status(500).send(errorBody('INTERNAL', messages.http.internal));
  }
  if (response.status === 429) {
    // The library says X-Retry-After, our own limits Retry-After; the client gets the standard header either way.
    const seconds = Number(response.headers.get('retry-after') ?? response.headers.get('x-retry-after'));
    reply.header('retry-after', String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60));
    // One code and text for every limit: which one was hit says nothing about the address.
    return reply.status(429).send(errorBody('TOO_MANY_REQUESTS', messages.auth.tooManyRequests));
  }
  const [status, friendly] = authErrors[code] ?? [response.status, message];
  return reply.status(status).send(errorBody(code, friendly));
}

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config; bus: InvalidationBus }) {
  const send = (ctx: { request: FastifyRequest; reply: FastifyReply }, forwarded: Forwarded) => forward(opts.auth, opts.config, ctx.request, ctx.reply, forwarded);
  for (const name of Object.keys(mount) as (keyof typeof mount)[]) {
    if (name === 'signOut') continue;
    const prepare = mount[name] as (ctx: RouteContext<Endpoint>) => Forwarded;
    route(app, contract[name] as Endpoint, async (ctx) => send(ctx, prepare(ctx)));
  }
  route(app, contract.signOut, async (ctx) => {
    const viewer = await app.currentViewer(ctx.request);
    await send(ctx, mount.signOut(ctx));
    if (viewer) opts.bus.publish({ topic: 'auth', userIds: [viewer.id] });
    return ctx.reply;
  });
}
