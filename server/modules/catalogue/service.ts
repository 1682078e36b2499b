import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { GameType } from '@core/games';
import type { CategoryDto } from '@core/contracts';
import { categoryLocks } from '@core/levels';
import type { Db } from '../../db/client';
import { categories, items, levelProgress, levels } from '../../db/schema';

/** A game's categories with their levels, each with the viewer's completion and lock state. */
export async function listCategories(db: Db, game: GameType, viewerId: string, premium: boolean): Promise<CategoryDto[]> {
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
    })
    .from(levels)
    .leftJoin(items, eq(items.levelId, levels.id))
    .where(inArray(levels.categoryId, cats.map((c) => c.id)))
    .groupBy(levels.id);
  const done = new Set(
    (
      await db
        .select({ levelId: levelProgress.levelId })
        .from(levelProgress)
        .where(and(eq(levelProgress.userId, viewerId), inArray(levelProgress.levelId, rows.map((r) => r.id))))
    ).map((r) => r.levelId),
  );
  return cats.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    levels: categoryLocks(
      rows
        .filter((r) => r.categoryId === c.id)
        .map((r) => ({ id: r.id, number: r.number, name: r.name, description: r.description, free: r.free, itemCount: Number(r.itemCount), completed: done.has(r.id) })),
      premium,
    ),
  }));
}
