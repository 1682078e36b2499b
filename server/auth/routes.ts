import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints as contract, PROFILE_VERIFIED_CALLBACK, VERIFIED_CALLBACK } from '@core/contracts/auth';
import type { Endpoint } from '@core/contracts/endpoint';
import type { ErrorCode } from '@core/error-codes';
import type { InvalidationBus } from '../cache/invalidation';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { errorBody } from '../http/errors';
import { route, type RouteContext } from '../http/route';
import { setTimeZone } from '../modules/account/service';
import { type Auth, CLIENT_IP_HEADER } from './auth';

/**
 * Better Auth's error codes, each onto one of ours (whose sentence the client reads), with the status we answer.
 * A code not listed is AUTH_FAILED with its sentence: the library's own words never reach a screen.
 */
const authErrors: Record<string, [number, ErrorCode]> = {
  INVALID_EMAIL_OR_PASSWORD: [401, 'INVALID_EMAIL_OR_PASSWORD'],
  INVALID_PASSWORD: [401, 'INVALID_EMAIL_OR_PASSWORD'],
  USER_ALREADY_EXISTS: [422, 'USER_ALREADY_EXISTS'],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: [422, 'USER_ALREADY_EXISTS'],
  EMAIL_NOT_VERIFIED: [403, 'EMAIL_NOT_VERIFIED'],
  EMAIL_ALREADY_VERIFIED: [400, 'EMAIL_ALREADY_VERIFIED'],
  INVALID_TOKEN: [400, 'INVALID_TOKEN'],
  TOKEN_EXPIRED: [400, 'INVALID_TOKEN'],
  PASSWORD_TOO_SHORT: [400, 'PASSWORD_TOO_SHORT'],
  INVALID_EMAIL: [400, 'INVALID_EMAIL'],
  USER_NOT_FOUND: [404, 'USER_NOT_FOUND'],
  INVALID_ORIGIN: [403, 'INVALID_ORIGIN'],
  MISSING_OR_NULL_ORIGIN: [403, 'INVALID_ORIGIN'],
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: [403, 'INVALID_ORIGIN'],
  VALIDATION_ERROR: [400, 'VALIDATION_FAILED'],
  BODY_MUST_BE_AN_OBJECT: [400, 'BAD_REQUEST'],
  MISSING_FIELD: [400, 'VALIDATION_FAILED'],
};

/** Better Auth's error reply as ours: its code mapped, a 4xx it does not name kept with our generic code. */
export function mapAuthError(status: number, code: string | undefined): [number, ErrorCode] {
  return (code && authErrors[code]) || [status, status === 401 ? 'UNAUTHORIZED' : 'AUTH_FAILED'];
}

/** What Better Auth is handed: a path with its query, and for a POST a body built from validated fields only. */
interface Forwarded {
  path: string;
  body?: Record<string, unknown>;
  /** The browser's time zone, kept on the account once it signed up or in (never forwarded to Better Auth). */
  timeZone?: string;
}

const post = (path: string, body: Record<string, unknown>): Forwarded => ({ path, body });

/**
 * Each endpoint of the mount and what it forwards, from input our schemas already validated. An untrusted body is
 * never serialised again: Better Auth sees only fields that passed, so nesting, stray keys or odd characters
 * cannot reach the library.
 */
const mount: { [K in keyof typeof contract]: (input: RouteContext<(typeof contract)[K]>) => Forwarded } = {
  signUp: ({ body: v }) => ({
    ...post(contract.signUp.path, { name: v.username, email: v.email, password: v.password, callbackURL: VERIFIED_CALLBACK }),
    timeZone: v.timeZone,
  }),
  signIn: ({ body: v }) => ({ ...post(contract.signIn.path, { email: v.email, password: v.password, rememberMe: true }), timeZone: v.timeZone }),
  signOut: ({ body }) => post(contract.signOut.path, body),
  getAuthSession: () => ({ path: contract.getAuthSession.path }),
  requestPasswordReset: ({ body }) => post(contract.requestPasswordReset.path, { email: body.email, redirectTo: '/reset-password' }),
  resetPassword: ({ body: v }) => post(contract.resetPassword.path, { token: v.token, newPassword: v.password }),
  resetLink: ({ params }) => ({ path: `/api/auth/reset-password/${params.token}?callbackURL=${encodeURIComponent('/reset-password')}` }),
  verifyEmail: ({ query: { token, callbackURL } }) => ({ path: `/api/auth/verify-email?${new URLSearchParams(callbackURL ? { token, callbackURL } : { token })}` }),
  sendVerificationEmail: ({ body }) =>
    post(contract.sendVerificationEmail.path, { email: body.email, callbackURL: body.returnTo === 'profile' ? PROFILE_VERIFIED_CALLBACK : VERIFIED_CALLBACK }),
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

interface MountDeps {
  auth: Auth;
  config: Config;
  bus: InvalidationBus;
  db: Db;
}

/**
 * The browser's time zone, kept on the account Better Auth just answered for (docs/product/accounts.md#time-zone):
 * written only when it differs, and a failure here never undoes the sign-up or login.
 */
async function keepTimeZone(deps: MountDeps, request: FastifyRequest, answer: string, timeZone: string) {
  try {
    const userId = (JSON.parse(answer) as { user?: { id?: unknown } }).user?.id;
    if (typeof userId !== 'string') return;
    const changed = await setTimeZone(deps.db, userId, timeZone);
    // The couple's "today" may have moved: their dashboards are read again.
    if (changed) deps.bus.publish({ topic: 'dashboard', userIds: changed.userIds });
  } catch (err) {
    request.log.warn({ err }, 'the time zone could not be kept');
  }
}

/** Hands a request to Better Auth as a Web Request and copies its answer back, in our error shape. */
async function forward(deps: MountDeps, request: FastifyRequest, reply: FastifyReply, forwarded: Forwarded) {
  const { auth, config } = deps;
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
    if (forwarded.timeZone) await keepTimeZone(deps, request, text, forwarded.timeZone);
    reply.status(response.status);
    return text ? reply.type('application/json').send(text) : reply.send();
  }
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: unknown }).code as string | undefined;
  } catch {
    /* a non-JSON error from the library: the generic code and sentence */
  }
  if (response.status >= 500 && !(code && authErrors[code])) {
    request.log.error({ status: response.status, code }, 'auth request failed');
    return reply.status(500).send(errorBody('INTERNAL'));
  }
  if (response.status === 429) {
    // The library says X-Retry-After, our own limits Retry-After; the client gets the standard header either way.
    const seconds = Number(response.headers.get('retry-after') ?? response.headers.get('x-retry-after'));
    reply.header('retry-after', String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60));
    // One code and text for every limit: which one was hit says nothing about the address.
    return reply.status(429).send(errorBody('TOO_MANY_REQUESTS'));
  }
  const [status, ours] = mapAuthError(response.status, code);
  if (ours === 'AUTH_FAILED') request.log.warn({ status: response.status, code }, 'auth error without a mapping');
  return reply.status(status).send(errorBody(ours));
}

export async function authRoutes(app: FastifyInstance, opts: MountDeps) {
  const send = (ctx: { request: FastifyRequest; reply: FastifyReply }, forwarded: Forwarded) => forward(opts, ctx.request, ctx.reply, forwarded);
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
