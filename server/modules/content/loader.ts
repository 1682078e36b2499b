import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type ContentFile, contentFileSchema } from '@core/games';
import type { Db } from '../../db/client';
import { paths } from '../../paths';
import { categories, items, levels } from '../../db/schema';

export const contentDir = paths.content;

export class ContentError extends Error {}

/** Every content file under content/<game>/*.json, parsed and validated against its game's schema. */
export function readContent(dir: string = contentDir): { file: string; content: ContentFile }[] {
  const found: { file: string; content: ContentFile }[] = [];
  for (const game of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const name of readdirSync(path.join(dir, game.name)).filter((f) => f.endsWith('.json')).sort()) {
      const file = path.join(dir, game.name, name);
      const result = contentFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new ContentError(`${path.relative(dir, file)}: ${issue?.path.join('.')}: ${issue?.message}`);
      }
      if (result.data.game !== game.name) throw new ContentError(`${path.relative(dir, file)}: game '${result.data.game}' is in the '${game.name}' folder`);
      found.push({ file, content: result.data });
    }
  }
  return found;
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
        .values({ game: content.game, slug: content.slug, name: content.name, description: content.description, position: content.position })
        .onConflictDoUpdate({
          target: [categories.game, categories.slug],
          set: { name: content.name, description: content.description, position: content.position },
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
