import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, items, levels } from '../../db/schema';
import { checkContent } from './check';
import { ContentError, contentDir, type ReadContentFile, readContentFiles, relativeTo } from './read';

export { ContentError, contentDir };

/** Problems listed in the error that stops the start; `npm run content:check` lists them all. */
const SHOWN_PROBLEMS = 20;

/**
 * Every content file under content/<game>/*.json, validated against its game's schema and passed through the content
 * check (check.ts): any problem stops here, with its file, level and item.
 */
export function readContent(dir: string = contentDir): ReadContentFile[] {
  const files = readContentFiles(dir);
  const problems = checkContent(relativeTo(dir, files));
  if (problems.length) {
    const more = problems.length > SHOWN_PROBLEMS ? [`… and ${problems.length - SHOWN_PROBLEMS} more (npm run content:check lists them all)`] : [];
    throw new ContentError(`The content check found ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${[...problems.slice(0, SHOWN_PROBLEMS), ...more].map((p) => `- ${p}`).join('\n')}`);
  }
  return files;
}

/**
 * Upserts categories, levels and items by their natural keys, in one transaction, so it can run at
 * every start: ids stay stable (sessions keep pointing at them) and a re-run changes nothing.
 */
export async function loadContent(db: Db, dir: string = contentDir): Promise<{ categories: number; levels: number; items: number }> {
  const files = readContent(dir);
  const counts = { categories: 0, levels: 0, items: 0 };
  await db.transaction(async (tx) => {
    for (const { content } of files) {
      const [category] = await tx
        .insert(categories)
        .values({ game: content.game, slug: content.slug, name: content.name, description: content.description, position: content.position, icon: content.icon ?? null })
        .onConflictDoUpdate({
          target: [categories.game, categories.slug],
          set: { name: content.name, description: content.description, position: content.position, icon: content.icon ?? null },
        })
        .returning({ id: categories.id });
      counts.categories++;
      for (const level of content.levels) {
        const [row] = await tx
          .insert(levels)
          .values({ categoryId: category.id, number: level.number, name: level.name, description: level.description, free: level.free })
          .onConflictDoUpdate({
            target: [levels.categoryId, levels.number],
            set: { name: level.name, description: level.description, free: level.free },
          })
          .returning({ id: levels.id });
        counts.levels++;
        if (level.items.length) {
          await tx
            .insert(items)
            .values(level.items.map((payload, position) => ({ levelId: row.id, position, payload })))
            .onConflictDoUpdate({ target: [items.levelId, items.position], set: { payload: sql`excluded.payload` } });
        }
        await tx.delete(items).where(and(eq(items.levelId, row.id), gt(items.position, level.items.length - 1)));
        counts.items += level.items.length;
      }
    }
  });
  return counts;
}
