import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@core/messages';
import { RESET_TOKEN_PATTERN, forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema } from '@core/validation';
import type { InvalidationBus } from '../cache/invalidation';
import type { Config } from '../config';
import { errorBody, parseInput } from '../http/errors';
import { docs } from '../http/openapi';
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

/** A JSON Web Token as Better Auth signs it for verification links: three base64url parts, an e-mail's worth long. */
const VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Where a verification link lands: sign-up and resent mails name the login page, a mail sent at sign-in '/'. */
const VERIFIED_CALLBACK = '/login?verified=1';

const noFields = z.strictObject({}, { error: messages.http.badRequest });
const verifyEmailQuery = z.object({
  token: z.string({ error: messages.auth.verificationLinkInvalid }).max(2048, messages.auth.verificationLinkInvalid).regex(VERIFICATION_TOKEN_PATTERN, messages.auth.verificationLinkInvalid),
  callbackURL: z.enum(['/', VERIFIED_CALLBACK], { error: messages.http.badRequest }).optional(),
});
const resetLinkParams = z.object({ token: z.string().regex(RESET_TOKEN_PATTERN, messages.auth.resetTokenInvalid) });
const resetLinkQuery = z.object({ callbackURL: z.literal('/reset-password', { error: messages.http.badRequest }).optional() });

/** What Better Auth is handed: a path with its query, and for a POST a body built from validated fields only. */
interface Forwarded {
  path: string;
  body?: Record<string, unknown>;
}

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /**
   * Validates the request and builds what is forwarded. An untrusted body is never serialised again: Better Auth
   * sees only fields that passed our schema, so nesting, stray keys or odd characters cannot reach the library.
   */
  prepare(request: FastifyRequest): Forwarded;
}

const post = (url: string, body: Record<string, unknown>): Forwarded => ({ path: `/api/auth${url}`, body });

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    url: '/sign-up/email',
    summary: 'Create an account; every field is required',
    body: signupSchema,
    prepare: (request) => {
      const v = parseInput(signupSchema, request.body);
      return post('/sign-up/email', { name: v.username, email: v.email, password: v.password, callbackURL: VERIFIED_CALLBACK });
    },
  },
  {
    method: 'POST',
    url: '/sign-in/email',
    summary: 'Log in with e-mail and password; sets the session cookie',
    body: loginSchema,
    prepare: (request) => {
      const v = parseInput(loginSchema, request.body);
      return post('/sign-in/email', { email: v.email, password: v.password, rememberMe: true });
    },
  },
  {
    method: 'POST',
    url: '/sign-out',
    summary: 'Log out; clears the session cookie',
    body: noFields,
    prepare: (request) => post('/sign-out', parseInput(noFields, request.body)),
  },
  { method: 'GET', url: '/get-session', summary: 'The current session and user, refreshed when it is old', prepare: () => ({ path: '/api/auth/get-session' }) },
  {
    method: 'POST',
    url: '/request-password-reset',
    summary: 'Mail a reset link; answers the same whether or not the address exists (3 an hour per address)',
    body: forgotPasswordSchema,
    prepare: (request) => post('/request-password-reset', { email: parseInput(forgotPasswordSchema, request.body).email, redirectTo: '/reset-password' }),
  },
  {
    method: 'POST',
    url: '/reset-password',
    summary: 'Set a new password with a reset token (single use, 24 h)',
    body: resetPasswordSchema,
    prepare: (request) => {
      const v = parseInput(resetPasswordSchema, request.body);
      return post('/reset-password', { token: v.token, newPassword: v.password });
    },
  },
  {
    method: 'GET',
    url: '/reset-password/:token',
    summary: 'The link in the reset mail: checks the token and redirects to /reset-password',
    params: resetLinkParams,
    querystring: resetLinkQuery,
    prepare: (request) => {
      const { token } = parseInput(resetLinkParams, request.params);
      parseInput(resetLinkQuery, request.query);
      return { path: `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/reset-password')}` };
    },
  },
  {
    method: 'GET',
    url: '/verify-email',
    summary: 'The link in the verification mail',
    querystring: verifyEmailQuery,
    prepare: (request) => {
      const { token, callbackURL } = parseInput(verifyEmailQuery, request.query);
      return { path: `/api/auth/verify-email?${new URLSearchParams(callbackURL ? { token, callbackURL } : { token })}` };
    },
  },
  {
    method: 'POST',
    url: '/send-verification-email',
    summary: 'Send the verification mail again (3 an hour per address)',
    body: forgotPasswordSchema,
    prepare: (request) => post('/send-verification-email', { email: parseInput(forgotPasswordSchema, request.body).email, callbackURL: VERIFIED_CALLBACK }),
  },
];

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
  for (const endpoint of endpoints) {
    app.route({
      method: endpoint.method,
      url: `/api/auth${endpoint.url}`,
      schema: docs({ tags: ['auth'], summary: endpoint.summary, body: endpoint.body, params: endpoint.params, querystring: endpoint.querystring }),
      handler: async (request, reply) => {
        const forwarded = endpoint.prepare(request);
        if (endpoint.url !== '/sign-out') return forward(opts.auth, opts.config, request, reply, forwarded);
        const viewer = await app.currentViewer(request);
        await forward(opts.auth, opts.config, request, reply, forwarded);
        if (viewer) opts.bus.publish({ topic: 'auth', userIds: [viewer.id] });
        return reply;
      },
    });
  }
}
