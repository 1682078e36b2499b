import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { categories, contentState } from '../../db/schema';
import { ContentError, contentDir, contentHash, contentIsCurrent, loadContent } from './loader';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A content folder of its own holding one real category, with a slug of its own so tests do not share rows. */
function oneCategory(slug: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-hash-'));
  mkdirSync(path.join(dir, 'questions'));
  const file = path.join(dir, 'questions', `${slug}.json`);
  const source = JSON.parse(readFileSync(path.join(contentDir, 'questions', 'memories.json'), 'utf8')) as Record<string, unknown>;
  const write = (changes: Record<string, unknown> = {}) => writeFileSync(file, JSON.stringify({ ...source, slug, ...changes }));
  write();
  return { dir, write };
}

const storedHash = async () => (await database.db.select({ hash: contentState.hash }).from(contentState))[0]?.hash;
const descriptionOf = async (slug: string) => (await database.db.select({ d: categories.description }).from(categories).where(eq(categories.slug, slug)))[0]?.d;

describe('loading content only when it changed', () => {
  it('loads once for the same files, and again when a file changes', async () => {
    const { dir, write } = oneCategory('hash-once');
    expect(await contentIsCurrent(database.db, dir)).toBe(false);
    expect(await loadContent(database.db, dir)).toMatchObject({ status: 'loaded', categories: 1 });
    expect(await storedHash()).toBe(contentHash(dir));
    expect(await contentIsCurrent(database.db, dir)).toBe(true);
    expect(await loadContent(database.db, dir)).toEqual({ status: 'unchanged' });

    write({ description: 'Told differently' });
    expect(await contentIsCurrent(database.db, dir)).toBe(false);
    expect(await loadContent(database.db, dir)).toMatchObject({ status: 'loaded', categories: 1 });
    expect(await descriptionOf('hash-once')).toBe('Told differently');
    expect(await loadContent(database.db, dir)).toEqual({ status: 'unchanged' });
  });

  it('hashes names and bytes: a renamed or added file is a change, a rewrite with the same bytes is not', () => {
    const { dir, write } = oneCategory('hash-bytes');
    const before = contentHash(dir);
    write();
    expect(contentHash(dir)).toBe(before);
    copyFileSync(path.join(dir, 'questions', 'hash-bytes.json'), path.join(dir, 'questions', 'hash-bytes-2.json'));
    expect(contentHash(dir)).not.toBe(before);
  });

  it('content the check refuses is not loaded and keeps the hash of the last load', async () => {
    const { dir, write } = oneCategory('hash-refused');
    await loadContent(database.db, dir);
    const loaded = await storedHash();
    write({ levels: [] });
    await expect(loadContent(database.db, dir)).rejects.toThrow(ContentError);
    expect(await storedHash()).toBe(loaded);
  });

  it('two loads of the same new files at once load them once', async () => {
    const { dir } = oneCategory('hash-together');
    const results = await Promise.all([loadContent(database.db, dir), loadContent(database.db, dir)]);
    expect(results.map((r) => r.status).sort()).toEqual(['loaded', 'unchanged']);
  });
});
