import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, contentState, items, levels } from '../../db/schema';
import { checkContent } from './check';
import { ContentError, contentDir, listContentFiles, type ReadContentFile, readContentFiles, relativeTo } from './read';

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

/** Raised when what the load writes changes for the same files (a new column, a new rule): the next start loads again. */
const LOAD_VERSION = 1;
/** An arbitrary, fixed key for pg_advisory_xact_lock: two processes starting together load once. */
const LOAD_LOCK_KEY = 72011996;

/** sha256 over every content file's name and bytes, in name order, and the load's version. */
export function contentHash(dir: string = contentDir): string {
  const hash = createHash('sha256').update(`content load ${LOAD_VERSION}\0`);
  for (const { file } of listContentFiles(dir)) {
    const bytes = readFileSync(file);
    hash.update(`${path.relative(dir, file)}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

async function storedHash(db: Pick<Db, 'select'>): Promise<string | undefined> {
  const [row] = await db.select({ hash: contentState.hash }).from(contentState);
  return row?.hash;
}

/** Whether the catalogue was last loaded from these very files: reads them and one row, checks nothing. */
export async function contentIsCurrent(db: Db, dir: string = contentDir): Promise<boolean> {
  return (await storedHash(db)) === contentHash(dir);
}

export type LoadResult = { status: 'loaded'; categories: number; levels: number; items: number } | { status: 'unchanged' };

/**
 * Loads the content files into the catalogue when they changed since the last load (a hash of their bytes, stored
 * in the load's own transaction); otherwise it reads and checks nothing and answers 'unchanged'. The load upserts
 * categories, levels and items by their natural keys: ids stay stable (sessions keep pointing at them).
 */
export async function loadContent(db: Db, dir: string = contentDir): Promise<LoadResult> {
  // Hashed before the files are read for the load: were they edited meanwhile, the stored hash is the older one,
  // and the next start loads again rather than skipping content it never loaded.
  const hash = contentHash(dir);
  if ((await storedHash(db)) === hash) return { status: 'unchanged' };
  const files = readContent(dir);
  const counts = { categories: 0, levels: 0, items: 0 };
  const loaded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_KEY})`);
    if ((await storedHash(tx)) === hash) return false; // another process loaded the same files meanwhile
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
    await tx
      .insert(contentState)
      .values({ id: 1, hash })
      .onConflictDoUpdate({ target: contentState.id, set: { hash, loadedAt: sql`now()` } });
    return true;
  });
  return loaded ? { status: 'loaded', ...counts } : { status: 'unchanged' };
}
