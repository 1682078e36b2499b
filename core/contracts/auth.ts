/**
 * What our Better Auth mount accepts (/api/auth/*): strict bodies and queries, checked before the library sees
 * anything (decision 014). Answers are Better Auth's own, passed through; the schemas name the fields we read.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { forgotPasswordSchema, loginSchema, RESET_TOKEN_PATTERN, resetPasswordSchema, signupSchema } from '../validation';
import { defineEndpoint } from './endpoint';

const tags = ['auth'];
const m = messages.auth;

/** A JSON Web Token as Better Auth signs it for verification links: three base64url parts. */
const VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Where a verification link lands: sign-up and resent mails name the login page, a mail sent at sign-in '/'. */
export const VERIFIED_CALLBACK = '/login?verified=1';
/** Where a link asked for from the profile lands: the profile, which says the address is confirmed. */
export const PROFILE_VERIFIED_CALLBACK = '/profile?confirmed=1';

const authUser = z.looseObject({ id: z.string(), email: z.string(), name: z.string() });
const statusAnswer = z.looseObject({ status: z.boolean() });

export const signUp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-up/email',
  tags,
  auth: 'none',
  summary: 'Create an account; every field is required',
  body: signupSchema,
  response: { 200: z.looseObject({ token: z.string().nullable(), user: authUser }) },
});

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in/email',
  tags,
  auth: 'none',
  summary: 'Log in with e-mail and password; sets the session cookie',
  body: loginSchema,
  response: { 200: z.looseObject({ user: authUser }) },
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-out',
  tags,
  auth: 'none',
  summary: 'Log out; clears the session cookie',
  body: z.strictObject({}, { error: messages.http.badRequest }),
  response: { 200: z.looseObject({ success: z.boolean() }) },
});

export const getAuthSession = defineEndpoint({
  method: 'GET',
  path: '/api/auth/get-session',
  tags,
  auth: 'none',
  summary: 'The current login session and user, refreshed when it is old',
  response: { 200: z.looseObject({ user: authUser }).nullable() },
});

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/auth/request-password-reset',
  tags,
  auth: 'none',
  summary: 'Mail a reset link; answers the same whether or not the address exists (3 an hour per address)',
  body: forgotPasswordSchema,
  response: { 200: statusAnswer },
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  tags,
  auth: 'none',
  summary: 'Set a new password with a reset token (single use, 24 h)',
  body: resetPasswordSchema,
  response: { 200: statusAnswer },
});

export const resetLink = defineEndpoint({
  method: 'GET',
  path: '/api/auth/reset-password/:token',
  tags,
  auth: 'none',
  summary: 'The link in the reset mail: checks the token and redirects to /reset-password',
  params: z.object({ token: z.string().regex(RESET_TOKEN_PATTERN, m.resetTokenInvalid) }),
  query: z.object({ callbackURL: z.literal('/reset-password', { error: messages.http.badRequest }).optional() }),
  response: { 302: z.undefined() },
});

export const verifyEmail = defineEndpoint({
  method: 'GET',
  path: '/api/auth/verify-email',
  tags,
  auth: 'none',
  summary: 'The link in the verification mail',
  query: z.object({
    token: z.string({ error: m.verificationLinkInvalid }).max(2048, m.verificationLinkInvalid).regex(VERIFICATION_TOKEN_PATTERN, m.verificationLinkInvalid),
    callbackURL: z.enum(['/', VERIFIED_CALLBACK, PROFILE_VERIFIED_CALLBACK], { error: messages.http.badRequest }).optional(),
  }),
  response: { 302: z.undefined() },
});

export const sendVerificationEmail = defineEndpoint({
  method: 'POST',
  path: '/api/auth/send-verification-email',
  tags,
  auth: 'none',
  summary: 'Send the verification mail again (3 an hour per address); from the profile, its link returns there',
  body: forgotPasswordSchema.extend({ returnTo: z.literal('profile', { error: messages.http.badRequest }).optional() }),
  response: { 200: statusAnswer },
});

/** The whole mount, for the server that registers it. */
export const authEndpoints = { signUp, signIn, signOut, getAuthSession, requestPasswordReset, resetPassword, resetLink, verifyEmail, sendVerificationEmail };
