import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { docs } from '../../http/openapi';
import { getDashboard } from './service';

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/dashboard', { schema: docs({ tags: ['dashboard'], summary: "The couple's counts, recent moments and days together, in one call" }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    return getDashboard(opts.db, viewer.id);
  });
}
