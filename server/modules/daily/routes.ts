import type { FastifyInstance } from 'fastify';
import { answerDaily as answerEndpoint, getDaily as getEndpoint } from '@core/contracts/daily';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import type { Realtime } from '../../realtime/server';
import { asPartner } from './couple';
import { answerDaily, dailyOf, getDaily } from './service';

export async function dailyRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime; bus: InvalidationBus; clock: Clock }) {
  const { db, realtime, bus, clock } = opts;

  route(app, getEndpoint, ({ viewer }) => getDaily(db, clock, viewer.id));

  route(app, answerEndpoint, async ({ viewer, params, body }) => {
    const { couple } = await answerDaily(db, clock, viewer.id, params.day, body.answer);
    // After the commit: both dashboards' "your turn" changed, and the partner's screen takes its own view of the days,
    // which carries this answer only if theirs was already given.
    bus.publish({ topic: 'dashboard', userIds: [couple.viewerId, couple.partner.id] });
    const [mine, theirs] = await Promise.all([dailyOf(db, clock, couple), dailyOf(db, clock, asPartner(couple), { drawToday: false })]);
    realtime.toUser(couple.partner.id, 'daily:answered', theirs);
    return mine;
  });
}
