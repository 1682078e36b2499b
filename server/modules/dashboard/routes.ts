import type { FastifyInstance } from 'fastify';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Db } from '../../db/client';
import { docs } from '../../http/openapi';
import { createDashboards } from './service';

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db; bus: InvalidationBus }) {
  const dashboards = createDashboards(opts.db, opts.bus);
  app.get('/api/dashboard', { schema: docs({ tags: ['dashboard'], summary: "The couple's counts, recent moments and days together, in one call" }) }, async (request, reply) => {
    const viewer = await app.requireViewer(request);
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(await dashboards.json(viewer.id));
  });
}
