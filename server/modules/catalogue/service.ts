import { definitionOf } from '@core/game-definitions';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { GameType } from '@core/games';
import type { Category } from '@core/contracts/catalogue';
import type { Pace } from '@core/contracts/sessions';
import { categoryLocks, type LevelLock, levelLock } from '@core/levels';
import type { Db } from '../../db/client';
import { categories, gameSessions, items, levelProgress, levels, users } from '../../db/schema';

/**
 * The user and their linked partner: completion is the couple's (docs/product/sessions-and-games.md#level-unlocking).
 */
const coupleOf = (userId: string) => or(eq(levelProgress.userId, userId), eq(levelProgress.userId, sql`(select ${users.partnerId} from ${users} where ${users.id} = ${userId})`));

/** Which of `levelIds` the user or their partner has completed. */
export async function coupleCompleted(db: Db, userId: string, levelIds: string[]): Promise<Set<string>> {
  if (!levelIds.length) return new Set();
  const rows = await db
    .selectDistinct({ levelId: levelProgress.levelId })
    .from(levelProgress)
    .where(and(coupleOf(userId), inArray(levelProgress.levelId, levelIds)));
  return new Set(rows.map((r) => r.levelId));
}

/**
 * Whether the couple may play the level with this number in a category (the one rule, core/levels.ts), reading
 * only the two completions it depends on: this level's and the one before it.
 */
export async function lockOfLevel(db: Db, userId: string, gold: boolean, level: { categoryId: string; number: number; free: boolean }): Promise<LevelLock> {
  if (!gold || level.number === 1 || level.free) return levelLock(level, { gold, completed: new Set() });
  const siblings = await db
    .select({ id: levels.id, number: levels.number })
    .from(levels)
    .where(and(eq(levels.categoryId, level.categoryId), inArray(levels.number, [level.number - 1, level.number])));
  const done = await coupleCompleted(
    db,
    userId,
    siblings.map((s) => s.id),
  );
  return levelLock(level, { gold, completed: new Set(siblings.filter((s) => done.has(s.id)).map((s) => s.number)) });
}

/** A game's categories with their levels, each with the couple's completion and lock state. */
export async function listCategories(db: Db, game: GameType, viewerId: string, gold: boolean): Promise<Category[]> {
  const cats = await db.select().from(categories).where(eq(categories.game, game)).orderBy(asc(categories.position), asc(categories.name));
  if (!cats.length) return [];
  const rows = await db
    .select({
      id: levels.id,
      categoryId: levels.categoryId,
      number: levels.number,
      name: levels.name,
      description: levels.description,
      free: levels.free,
      itemCount: count(items.id),
      // The first item says how the level is played (a level's items are all of one kind: the content check).
      first: sql<Record<string, unknown> | null>`(array_agg(${items.payload} order by ${items.position}))[1]`,
    })
    .from(levels)
    .leftJoin(items, eq(items.levelId, levels.id))
    .where(
      inArray(
        levels.categoryId,
        cats.map((c) => c.id),
      ),
    )
    .groupBy(levels.id);
  const done = await coupleCompleted(
    db,
    viewerId,
    rows.map((r) => r.id),
  );
  return cats.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    icon: c.icon,
    levels: categoryLocks(
      rows
        .filter((r) => r.categoryId === c.id)
        .map((r) => ({
          id: r.id,
          number: r.number,
          name: r.name,
          description: r.description,
          free: r.free,
          itemCount: Number(r.itemCount),
          completed: done.has(r.id),
          play: (r.first && definitionOf(game).guess?.play(r.first)) || 'ordinary',
        })),
      gold,
    ),
  }));
}

/**
 * The couple's last choice of pace for a game (docs/product/sessions-and-games.md#at-your-own-pace): the pace of the
 * newest session of that game either of them created; live when they have none.
 */
export async function lastPace(db: Db, couple: (string | null | undefined)[], game: GameType): Promise<Pace> {
  const ids = couple.filter((id): id is string => !!id);
  const [row] = await db
    .select({ pace: gameSessions.pace })
    .from(gameSessions)
    .where(and(eq(gameSessions.game, game), inArray(gameSessions.creatorId, ids)))
    .orderBy(desc(gameSessions.createdAt))
    .limit(1);
  return row?.pace ?? 'live';
}
