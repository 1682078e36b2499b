import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { notFound, parseInput } from '../../http/errors';
import { docs } from '../../http/openapi';
import type { Realtime } from '../../realtime/server';
import { createSessionInvite, listPendingInvites, updateSessionInvite } from './service';

const createBody = z.object({ sessionId: z.uuid({ error: messages.invites.sessionNotFound }) });
const updateBody = z.object({ status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }) });
const idParams = z.object({ id: z.string() });

export async function sessionInviteRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime }) {
  const { db, realtime } = opts;

  app.get('/api/session-invites', { schema: docs({ tags: ['invites'], summary: 'Your pending, unexpired session invitations' }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    return { invites: await listPendingInvites(db, viewer.id) };
  });

  app.post('/api/session-invites', { schema: docs({ tags: ['invites'], summary: 'Invite your partner to a session you created', body: createBody }) }, async (request, reply) => {
    const viewer = await app.requireViewer(request);
    const { sessionId } = parseInput(createBody, request.body);
    const { invite, receiverId } = await createSessionInvite(db, viewer.id, sessionId);
    realtime.toUser(receiverId, 'invite:received', { invite });
    return reply.status(201).send({ invite });
  });

  app.patch('/api/session-invites/:id', { schema: docs({ tags: ['invites'], summary: 'Accept or reject an invitation (receiver only)', params: idParams, body: updateBody }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    const { id } = parseInput(idParams, request.params);
    if (!z.uuid().safeParse(id).success) throw notFound(messages.invites.notFound, 'INVITE_NOT_FOUND');
    const { status } = parseInput(updateBody, request.body);
    const invite = await updateSessionInvite(db, viewer.id, id, status);
    realtime.toUser(invite.senderId, 'invite:updated', { inviteId: invite.id, status: invite.status });
    realtime.toUser(viewer.id, 'invite:updated', { inviteId: invite.id, status: invite.status });
    return { invite: { id: invite.id, sessionId: invite.sessionId, game: invite.game, status: invite.status } };
  });

}
