import type { FastifyInstance } from 'fastify';
import { getDashboard, getYourTurn } from '@core/contracts/dashboard';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { createDashboards } from './service';

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db; bus: InvalidationBus; clock: Clock }) {
  const dashboards = createDashboards(opts.db, opts.bus, opts.clock);
  // The cached JSON string goes out as it is: a string with a JSON type skips the serialiser (a cache hit costs no encode).
  route(app, getDashboard, async ({ viewer, reply }) =>
    reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(await dashboards.json(viewer.id)),
  );
  route(app, getYourTurn, ({ viewer }) => dashboards.yourTurn(viewer.id));
}
