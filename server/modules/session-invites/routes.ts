import type { FastifyInstance } from 'fastify';
import { createSessionInvite as createEndpoint, listSessionInvites, updateSessionInvite as updateEndpoint } from '@core/contracts/session-invites';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import type { Realtime } from '../../realtime/server';
import { createSessionInvite, listPendingInvites, updateSessionInvite } from './service';

export async function sessionInviteRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime; clock: Clock }) {
  const { db, realtime, clock } = opts;

  route(app, listSessionInvites, async ({ viewer }) => ({ invites: await listPendingInvites(db, clock, viewer.id) }));

  route(app, createEndpoint, async ({ viewer, body }) => {
    const { invite, receiverId, resent } = await createSessionInvite(db, clock, viewer.id, body.sessionId);
    // A refreshed invitation is announced again under the same id: the partner's bell replaces it, one toast.
    realtime.toUser(receiverId, 'invite:received', { invite });
    return { invite, resent };
  });

  route(app, updateEndpoint, async ({ viewer, params, body }) => {
    const invite = await updateSessionInvite(db, clock, viewer.id, params.id, body.status);
    realtime.toUser(invite.senderId, 'invite:updated', { inviteId: invite.id, status: invite.status });
    realtime.toUser(viewer.id, 'invite:updated', { inviteId: invite.id, status: invite.status });
    return { invite };
  });
}
