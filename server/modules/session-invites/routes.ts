import type { FastifyInstance } from 'fastify';
import { createSessionInvite as createEndpoint, listSessionInvites, updateSessionInvite as updateEndpoint } from '@core/contracts/session-invites';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import type { Realtime } from '../../realtime/server';
import { createSessionInvite, listPendingInvites, updateSessionInvite } from './service';

export async function sessionInviteRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime }) {
  const { db, realtime } = opts;

  route(app, listSessionInvites, async ({ viewer }) => ({ invites: await listPendingInvites(db, viewer.id) }));

  route(app, createEndpoint, async ({ viewer, body }) => {
    const { invite, receiverId } = await createSessionInvite(db, viewer.id, body.sessionId);
    realtime.toUser(receiverId, 'invite:received', { invite });
    return { invite };
  });

  route(app, updateEndpoint, async ({ viewer, params, body }) => {
    const invite = await updateSessionInvite(db, viewer.id, params.id, body.status);
    realtime.toUser(invite.senderId, 'invite:updated', { inviteId: invite.id, status: invite.status });
    realtime.toUser(viewer.id, 'invite:updated', { inviteId: invite.id, status: invite.status });
    return { invite };
  });
}
