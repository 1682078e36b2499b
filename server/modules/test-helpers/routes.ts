import type { FastifyInstance } from 'fastify';
import { grantGold } from '@core/contracts/dev';
import type { Db } from '../../db/client';
import { purchases } from '../../db/schema';
import { route } from '../../http/route';

/**
 * Test-only routes, registered with ENABLE_TEST_HELPERS (refused in production by the config). They let an
 * end-to-end test set up what the app cannot do yet by itself, through the same session checks.
 */
export async function testHelperRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, grantGold, async ({ viewer }) => {
    await opts.db
      .insert(purchases)
      .values({ userId: viewer.id, provider: 'local', providerRef: `test-${viewer.id}` })
      .onConflictDoNothing();
    return { ok: true as const };
  });
}
