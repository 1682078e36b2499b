import type { FastifyInstance } from 'fastify';
import {
  acceptPartnerInvite,
  createPartnerInvite,
  getOpenPartnerInvite,
  getPartnerInviteInviter,
  lookupPartnerInvite,
  unlinkPartner as unlinkPartnerEndpoint,
} from '@core/contracts/partner-links';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import type { Realtime } from '../../realtime/server';
import { acceptInvite, createInvite, inviterOf, lookupInvite, openInvite, unlinkPartner } from './service';

import type { Person } from '@core/contracts/common';

/** Two accounts were just linked (an invite accept, or a question session's consented link): both screens hear it. */
export function announceLink({ bus, realtime }: { bus: InvalidationBus; realtime: Realtime }, linked: { me: Person; partner: Person }) {
  bus.publish({ topic: 'dashboard', userIds: [linked.me.id, linked.partner.id] });
  realtime.toUser(linked.partner.id, 'partner:changed', { partner: linked.me });
  realtime.toUser(linked.me.id, 'partner:changed', { partner: linked.partner });
}

export async function partnerRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime; bus: InvalidationBus; clock: Clock }) {
  const { db, realtime, bus, clock } = opts;
  const withUrl = <T extends { token: string }>(invite: T) => ({ ...invite, url: `${app.config.appUrl}/invite/${invite.token}` });

  route(app, createPartnerInvite, async ({ viewer }) => withUrl(await createInvite(db, clock, viewer.id)));

  route(app, getOpenPartnerInvite, async ({ viewer }) => {
    const invite = await openInvite(db, clock, viewer.id);
    return { invite: invite ? withUrl(invite) : null };
  });

  route(app, lookupPartnerInvite, async ({ query }) => lookupInvite(db, clock, query.token?.trim()));

  route(app, getPartnerInviteInviter, async ({ query }) => ({ inviter: await inviterOf(db, query.token?.trim()) }));

  route(app, acceptPartnerInvite, async ({ viewer, body }) => {
    const linked = await acceptInvite(db, clock, viewer.id, body.token);
    announceLink(opts, linked);
    return { partner: linked.partner, linkedAt: linked.linkedAt };
  });

  route(app, unlinkPartnerEndpoint, async ({ viewer }) => {
    const { formerPartnerId } = await unlinkPartner(db, clock, viewer.id);
    bus.publish({ topic: 'dashboard', userIds: [viewer.id, formerPartnerId] });
    realtime.toUser(formerPartnerId, 'partner:changed', { partner: null });
    realtime.toUser(viewer.id, 'partner:changed', { partner: null });
    return { ok: true as const };
  });
}
