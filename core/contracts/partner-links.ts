/** Partner invite links: make one, look one up, accept it, unlink. */
import { z } from 'zod';
import { messages } from '../messages';
import { okResponse, personSchema } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['partner-links'];
const m = messages.partner;

export const partnerInviteSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
export type PartnerInvite = z.infer<typeof partnerInviteSchema>;

export const createPartnerInvite = defineEndpoint({
  method: 'POST',
  path: '/api/partner/invites',
  tags,
  auth: 'required',
  summary: 'Generate an invite link (single use, 24 h); earlier open links stop working',
  response: { 201: partnerInviteSchema },
});

export const getOpenPartnerInvite = defineEndpoint({
  method: 'GET',
  path: '/api/partner/invites/current',
  tags,
  auth: 'required',
  summary: 'The invite link you generated that is still open, if any',
  response: { 200: z.object({ invite: partnerInviteSchema.nullable() }) },
});

export const partnerInviteLookupSchema = z.object({ sender: personSchema, expiresAt: z.string() });
export type PartnerInviteLookup = z.infer<typeof partnerInviteLookupSchema>;

export const lookupPartnerInvite = defineEndpoint({
  method: 'GET',
  path: '/api/partner/invites/lookup',
  tags,
  auth: 'none',
  summary: 'Who sent an invite, or why it no longer works',
  query: z.object({ token: z.string().max(200, m.inviteInvalid).optional() }),
  response: { 200: partnerInviteLookupSchema },
});

/**
 * Whom to ask for a new link when a link no longer works (expired or used), so its page can say so. The visitor holds
 * the token, so naming its sender tells them nothing new; a token never issued (or replaced: its row is gone) names no
 * one, and neither does one whose sender has a partner now and so cannot make a new link.
 */
export const getPartnerInviteInviter = defineEndpoint({
  method: 'GET',
  path: '/api/partner/invites/inviter',
  tags,
  auth: 'none',
  summary: 'Who sent an invite link that no longer works, while they can make a new one; otherwise null',
  query: z.object({ token: z.string().max(200, m.inviteInvalid).optional() }),
  response: { 200: z.object({ inviter: z.string().nullable() }) },
});

export const acceptPartnerInvite = defineEndpoint({
  method: 'POST',
  path: '/api/partner/invites/accept',
  tags,
  auth: 'required',
  summary: 'Accept an invite: links both accounts',
  body: z.object({ token: z.string({ error: m.noToken }).trim().min(1, m.noToken).max(200, m.invalidToken) }),
  response: { 200: z.object({ partner: personSchema, linkedAt: z.string() }) },
});

export const unlinkPartner = defineEndpoint({
  method: 'POST',
  path: '/api/partner/unlink',
  tags,
  auth: 'required',
  summary: 'Unlink from your partner (both sides)',
  response: { 200: okResponse },
});
