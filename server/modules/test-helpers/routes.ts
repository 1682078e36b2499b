import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { purchases } from '../../db/schema';

/**
 * Test-only routes, registered with ENABLE_TEST_HELPERS (refused in production by the config). They let an
 * end-to-end test set up what the app cannot do yet by itself, through the same session checks.
 */
export async function testHelperRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.post('/api/test/grant-gold', async (request) => {
    const viewer = await app.requireViewer(request);
    await opts.db.insert(purchases).values({ userId: viewer.id, provider: 'local', providerRef: `test-${viewer.id}` }).onConflictDoNothing();
    return { ok: true };
  });
}
