/** Session invitations: asking the partner into a game session you created. */
import { z } from 'zod';
import { messages } from '../messages';
import { gameTypeSchema, personSchema } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['session-invites'];

export const sessionInviteStatus = z.enum(['pending', 'accepted', 'rejected']);
export const sessionInviteSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  game: gameTypeSchema,
  status: sessionInviteStatus,
  sender: personSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SessionInvite = z.infer<typeof sessionInviteSchema>;

export const listSessionInvites = defineEndpoint({
  method: 'GET',
  path: '/api/session-invites',
  tags,
  auth: 'required',
  summary: 'Your pending, unexpired session invitations, newest first',
  response: { 200: z.object({ invites: z.array(sessionInviteSchema) }) },
});

export const createSessionInvite = defineEndpoint({
  method: 'POST',
  path: '/api/session-invites',
  tags,
  auth: 'required',
  summary: 'Invite your partner to a session you created; a session has at most one pending invitation, and sending again refreshes it',
  body: z.object({ sessionId: z.uuid({ error: messages.invites.sessionNotFound }) }),
  /** `resent`: the session already had a pending invitation, which now has a fresh expiry (the sender reads "Invitation sent again"). */
  response: { 201: z.object({ invite: sessionInviteSchema, resent: z.boolean() }) },
});

/** Any id is looked up: one that cannot exist is 'Invite not found' (404), like one that does not. */
export const updateSessionInvite = defineEndpoint({
  method: 'PATCH',
  path: '/api/session-invites/:id',
  tags,
  auth: 'required',
  summary: 'Accept or reject an invitation (receiver only)',
  params: z.object({ id: z.string() }),
  body: z.object({ status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }) }),
  response: { 200: z.object({ invite: sessionInviteSchema.pick({ id: true, sessionId: true, game: true, status: true }) }) },
});
