import { eq } from 'drizzle-orm';
import type { Pace } from '@core/contracts/sessions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { categories, gameSessions, levels } from '../../db/schema';
import { getMe } from '../account/service';
import { lastPace, lockOfLevel } from '../catalogue/service';
import { SessionError } from './errors';
import { checkWayToPlay } from './guessing';
import { levelItems, shuffledOrder } from './level-items';

/**
 * Creates a session for a level the couple can play (the one rule, core/levels.ts): active, at index 0, the
 * creator as host and the creator's partner of now as the guest, for good (docs/decisions/012); a creator with no
 * partner yet leaves the seat empty, for the partner who links first to take on opening it (access.ts). Refused
 * for a Gold level on the free plan and for a level not yet unlocked. The items come in an order of its own, shuffled
 * now and kept (level-items.ts `shuffledOrder`), so replaying a level does not repeat it. The pace is the one chosen,
 * else the couple's last choice for that game. Guessing (core/guessing.ts) where the level may be played so, and always on
 * a level of prompts about the couple. Its time is the clock's (docs/decisions/032).
 */
export async function createSession(db: Db, clock: Clock, userId: string, levelId: string, chosenPace?: Pace, guessing = false) {
  const [level] = await db
    .select({ id: levels.id, number: levels.number, free: levels.free, categoryId: levels.categoryId, game: categories.game })
    .from(levels)
    .innerJoin(categories, eq(categories.id, levels.categoryId))
    .where(eq(levels.id, levelId));
  if (!level) throw new SessionError('level_not_found');
  const me = await getMe(db, userId);
  const lock = await lockOfLevel(db, userId, me.gold, level);
  if (lock === 'gold') throw new SessionError('level_gold');
  if (lock === 'progress') throw new SessionError('level_locked');
  const { list } = await levelItems(db, level.id);
  checkWayToPlay(level.game, list, guessing);
  const pace = chosenPace ?? (await lastPace(db, [userId, me.partner?.id], level.game));
  const [session] = await db
    .insert(gameSessions)
    .values({ game: level.game, levelId: level.id, creatorId: userId, guestId: me.partner?.id ?? null, itemOrder: shuffledOrder(list), pace, guessing, createdAt: clock.now() })
    .returning();
  return {
    id: session.id,
    game: session.game,
    levelId: session.levelId,
    creatorId: session.creatorId,
    status: session.status,
    currentIndex: session.currentIndex,
    createdAt: session.createdAt.toISOString(),
    pace: session.pace,
    guessing: session.guessing,
  };
}
