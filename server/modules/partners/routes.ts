import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '@core/messages';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Db } from '../../db/client';
import { parseInput } from '../../http/errors';
import { docs } from '../../http/openapi';
import type { Realtime } from '../../realtime/server';
import { acceptInvite, createInvite, lookupInvite, openInvite, unlinkPartner } from './service';

const tokenField = z.string({ error: messages.partner.noToken }).trim().min(1, messages.partner.noToken).max(200, messages.partner.invalidToken);
const tokenBody = z.object({ token: tokenField });
const tokenQuery = z.object({ token: z.string().max(200).optional() });

export async function partnerRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime; bus: InvalidationBus }) {
  const { db, realtime, bus } = opts;
  const inviteUrl = (token: string) => `${app.config.appUrl}/invite/${token}`;

  app.post('/api/partner/invites', { schema: docs({ tags: ['partners'], summary: 'Generate an invite link (single use, 24 h)' }) }, async (request, reply) => {
    const viewer = await app.requireViewer(request);
    const invite = await createInvite(db, viewer.id);
    return reply.status(201).send({ ...invite, url: inviteUrl(invite.token) });
  });

  app.get('/api/partner/invites/current', { schema: docs({ tags: ['partners'], summary: 'The invite link you generated that is still open, if any' }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    const invite = await openInvite(db, viewer.id);
    return { invite: invite ? { ...invite, url: inviteUrl(invite.token) } : null };
  });

  app.get('/api/partner/invites/lookup', { schema: docs({ tags: ['partners'], summary: 'Who sent an invite, or why it no longer works', querystring: tokenQuery }) }, async (request) => {
    const { token } = parseInput(tokenQuery, request.query);
    return lookupInvite(db, token?.trim());
  });

  app.post('/api/partner/invites/accept', { schema: docs({ tags: ['partners'], summary: 'Accept an invite: links both accounts', body: tokenBody }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    const { token } = parseInput(tokenBody, request.body);
    const { partner, me, linkedAt } = await acceptInvite(db, viewer.id, token);
    bus.publish({ topic: 'dashboard', userIds: [viewer.id, partner.id] });
    realtime.toUser(partner.id, 'partner:changed', { partner: me });
    realtime.toUser(viewer.id, 'partner:changed', { partner });
    return { partner, linkedAt };
  });

  app.post('/api/partner/unlink', { schema: docs({ tags: ['partners'], summary: 'Unlink from your partner (both sides)' }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    const { formerPartnerId } = await unlinkPartner(db, viewer.id);
    bus.publish({ topic: 'dashboard', userIds: [viewer.id, formerPartnerId] });
    realtime.toUser(formerPartnerId, 'partner:changed', { partner: null });
    realtime.toUser(viewer.id, 'partner:changed', { partner: null });
    return { ok: true };
  });
}
