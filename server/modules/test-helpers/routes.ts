import type { FastifyInstance } from 'fastify';
import { grantGold, moveClock } from '@core/contracts/dev';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { purchases } from '../../db/schema';
import { route } from '../../http/route';

/** A clock the test helpers can put ahead: the built server's offsetClock, or a test's manualClock. */
export type TravellingClock = Clock & { advance(ms: number): void };

/** The app's clock as one time travel can move; a clock that cannot move is a mistake in how the app was built. */
export function travellingClock(clock: Clock): TravellingClock {
  if (!('advance' in clock) || typeof clock.advance !== 'function') throw new Error('ENABLE_TEST_HELPERS needs a clock that can be moved (offsetClock or manualClock)');
  return clock as TravellingClock;
}

/**
 * Test-only routes, registered with ENABLE_TEST_HELPERS (refused in production by the config). They let an
 * end-to-end test set up what the app cannot do yet by itself, through the same session checks.
 */
export async function testHelperRoutes(app: FastifyInstance, opts: { db: Db; clock: TravellingClock }) {
  const { db, clock } = opts;

  route(app, grantGold, async ({ viewer }) => {
    await db
      .insert(purchases)
      .values({ userId: viewer.id, provider: 'local', providerRef: `test-${viewer.id}`, createdAt: clock.now() })
      .onConflictDoNothing();
    return { ok: true as const };
  });

  // Time travel (docs/decisions/032): every expiry, day and hour the app decides reads this clock, so an end-to-end
  // run plays days forward without waiting for them. Forward only: nothing the app keeps expects time to go back.
  route(app, moveClock, async ({ body }) => {
    clock.advance(body.advanceMs);
    return { now: clock.now().toISOString() };
  });
}
