import { and, eq, inArray } from 'drizzle-orm';
import { levelLock } from '@core/levels';
import type { Db } from '../../db/client';
import { categories, gameSessions, levelProgress, levels } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { getMe } from '../account/service';

export const LEVEL_LOCKED = 'This level is locked. Complete the previous level first.';
export const LEVEL_PREMIUM = 'This level needs Lifetime Gold.';

/**
 * Creates a session for a level the couple can play (decisions §6, §7): active, at index 0, the creator
 * as host. Refused with 402 for a premium level on the free plan and 403 for a level not yet unlocked.
 */
export async function createSession(db: Db, userId: string, levelId: string) {
  const [level] = await db
    .select({ id: levels.id, number: levels.number, free: levels.free, categoryId: levels.categoryId, game: categories.game })
    .from(levels)
    .innerJoin(categories, eq(categories.id, levels.categoryId))
    .where(eq(levels.id, levelId));
  if (!level) throw notFound('Level not found', 'LEVEL_NOT_FOUND');
  const me = await getMe(db, userId);

  let previousCompleted = false;
  let completed = false;
  const candidates = await db.select({ id: levels.id, number: levels.number }).from(levels).where(and(eq(levels.categoryId, level.categoryId), inArray(levels.number, [level.number - 1, level.number])));
  if (candidates.length) {
    const done = new Set(
      (await db.select({ levelId: levelProgress.levelId }).from(levelProgress).where(and(eq(levelProgress.userId, userId), inArray(levelProgress.levelId, candidates.map((c) => c.id))))).map((r) => r.levelId),
    );
    previousCompleted = candidates.some((c) => c.number === level.number - 1 && done.has(c.id));
    completed = done.has(level.id);
  }
  const lock = levelLock({ number: level.number, free: level.free, completed }, me.premium, previousCompleted);
  if (lock === 'premium') throw new AppError(402, 'PREMIUM_REQUIRED', LEVEL_PREMIUM);
  if (lock === 'progress') throw new AppError(403, 'LEVEL_LOCKED', LEVEL_LOCKED);

  const [session] = await db.insert(gameSessions).values({ game: level.game, levelId: level.id, creatorId: userId }).returning();
  return { id: session.id, game: session.game, levelId: session.levelId, creatorId: session.creatorId, status: session.status, currentIndex: session.currentIndex, createdAt: session.createdAt.toISOString() };
}
