import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@core/messages';
import { defaultUsername, forgotPasswordSchema, loginSchema, resetPasswordSchema, signupSchema } from '@core/validation';
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

type Rewrite = (body: unknown) => Record<string, unknown>;

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  body?: z.ZodType;
  rewrite?: Rewrite;
}

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    url: '/sign-up/email',
    summary: 'Create an account (the username defaults to the part of the e-mail before the @)',
    body: signupSchema,
    rewrite: (body) => {
      const v = parseInput(signupSchema, body);
      return { name: v.username || defaultUsername(v.email), email: v.email, password: v.password, callbackURL: '/login?verified=1' };
    },
  },
  {
    method: 'POST',
    url: '/sign-in/email',
    summary: 'Log in with e-mail and password; sets the session cookie',
    body: loginSchema,
    rewrite: (body) => ({ ...parseInput(loginSchema, body), rememberMe: true }),
  },
  { method: 'POST', url: '/sign-out', summary: 'Log out; clears the session cookie' },
  { method: 'GET', url: '/get-session', summary: 'The current session and user, refreshed when it is old' },
  {
    method: 'POST',
    url: '/request-password-reset',
    summary: 'Mail a reset link; answers the same whether or not the address exists',
    body: forgotPasswordSchema,
    rewrite: (body) => ({ email: parseInput(forgotPasswordSchema, body).email, redirectTo: '/reset-password' }),
  },
  {
    method: 'POST',
    url: '/reset-password',
    summary: 'Set a new password with a reset token (single use, 24 h)',
    body: resetPasswordSchema,
    rewrite: (body) => {
      const v = parseInput(resetPasswordSchema, body);
      return { token: v.token, newPassword: v.password };
    },
  },
  { method: 'GET', url: '/reset-password/:token', summary: 'The link in the reset mail: checks the token and redirects to /reset-password' },
  { method: 'GET', url: '/verify-email', summary: 'The link in the verification mail' },
  { method: 'POST', url: '/send-verification-email', summary: 'Send the verification mail again' },
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
async function forward(auth: Auth, config: Config, request: FastifyRequest, reply: FastifyReply, rewrite?: Rewrite) {
  const headers = toHeaders(request);
  let body: string | undefined;
  if (request.method === 'POST') {
    body = JSON.stringify(rewrite ? rewrite(request.body) : (request.body ?? {}));
    headers.set('content-type', 'application/json');
  }
  const response = await auth.handler(new Request(new URL(request.url, config.appUrl), { method: request.method, headers, body }));

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
  const [status, friendly] = authErrors[code] ?? [response.status, response.status === 429 ? messages.auth.tooManyRequests : message];
  return reply.status(status).send(errorBody(code, friendly));
}

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config; bus: InvalidationBus }) {
  for (const endpoint of endpoints) {
    app.route({
      method: endpoint.method,
      url: `/api/auth${endpoint.url}`,
      schema: docs({ tags: ['auth'], summary: endpoint.summary, body: endpoint.body }),
      handler: async (request, reply) => {
        if (endpoint.url !== '/sign-out') return forward(opts.auth, opts.config, request, reply, endpoint.rewrite);
        const viewer = await app.currentViewer(request);
        await forward(opts.auth, opts.config, request, reply, endpoint.rewrite);
        if (viewer) opts.bus.publish({ topic: 'auth', userIds: [viewer.id] });
        return reply;
      },
    });
  }
}
