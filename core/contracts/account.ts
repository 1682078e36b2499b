/** The signed-in user ("me"), deleting the account, and the reset page's token check. */
import { z } from 'zod';
import { messages } from '../messages';
import { timeZoneField } from '../validation';
import { okResponse, personSchema } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['account'];

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  createdAt: z.string(),
  partner: personSchema.extend({ linkedAt: z.string().nullable() }).nullable(),
  /** Lifetime Gold, the user's own or the linked partner's. */
  gold: z.boolean(),
  /** An IANA name ("Europe/Paris"): where this person's days begin (docs/product/accounts.md#time-zone). */
  timeZone: z.string(),
  /** Whether the address is confirmed: mail (reminders, nudges) goes only to a confirmed one. */
  emailVerified: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** A visitor is a valid answer to "who am I?", not an error: `{ user: null }` with 200. */
export const getMe = defineEndpoint({
  method: 'GET',
  path: '/api/me',
  tags,
  auth: 'optional',
  summary: 'The signed-in user with partner and plan, or null for a visitor',
  response: { 200: z.object({ user: meSchema.nullable() }) },
});

/** The profile's settings: the time zone, one of the IANA names (a 400 with the product's text otherwise). */
export const updateMe = defineEndpoint({
  method: 'PATCH',
  path: '/api/me',
  tags,
  auth: 'required',
  summary: "Change the signed-in user's time zone",
  body: z.object({ timeZone: timeZoneField }),
  response: { 200: z.object({ user: meSchema }) },
});

export const deleteAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/account',
  tags,
  auth: 'required',
  summary: 'Delete the account and its data; unlinks the partner',
  body: z.object({ confirm: z.literal(true, { error: messages.account.confirmDelete }) }),
  response: { 200: okResponse },
});

/** Any token is a fair question: one not of Better Auth's shape is simply not valid (no 400, no lookup). */
export const checkResetToken = defineEndpoint({
  method: 'GET',
  path: '/api/account/reset-token',
  tags,
  auth: 'none',
  summary: 'Whether a password-reset token is still valid',
  query: z.object({ token: z.string().optional().catch(undefined) }),
  response: { 200: z.object({ valid: z.boolean() }) },
});
