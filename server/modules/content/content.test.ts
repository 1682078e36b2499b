import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_TYPES } from '@core/games';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { categories, items, levels } from '../../db/schema';
import { ContentError, loadContent, readContent } from './loader';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('content files', () => {
  it('are all valid against their game schema, and every game has a free level', () => {
    const files = readContent();
    expect(files.length).toBeGreaterThan(0);
    for (const game of GAME_TYPES) {
      const ofGame = files.filter((f) => f.content.game === game);
      expect(ofGame.length, `content for ${game}`).toBeGreaterThan(0);
      expect(ofGame.some((f) => f.content.levels.some((l) => l.free)), `a free level in ${game}`).toBe(true);
    }
  });

  it('keeps slugs unique within a game', () => {
    const keys = readContent().map((f) => `${f.content.game}/${f.content.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('loadContent', () => {
  it('is idempotent: a second load changes nothing and keeps ids', async () => {
    const first = await loadContent(database.db);
    const ids = (await database.db.select({ id: levels.id }).from(levels)).map((r) => r.id).sort();
    const second = await loadContent(database.db);
    expect(second).toEqual(first);
    expect((await database.db.select({ id: levels.id }).from(levels)).map((r) => r.id).sort()).toEqual(ids);
    const [{ n }] = await database.db.select({ n: count() }).from(items);
    expect(n).toBe(first.items);
  });

  it('updates items in place and drops the ones a file no longer has', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'questions'));
    const file = (n: number) => ({
      game: 'questions',
      slug: 'temp',
      name: 'Temp',
      description: 'Temporary',
      position: 99,
      levels: [{ number: 1, name: 'One', description: 'First', items: Array.from({ length: n }, (_, i) => ({ text: `Q${i}` })) }],
    });
    writeFileSync(path.join(dir, 'questions', 'temp.json'), JSON.stringify(file(3)));
    await loadContent(database.db, dir);
    writeFileSync(path.join(dir, 'questions', 'temp.json'), JSON.stringify(file(2)));
    await loadContent(database.db, dir);
    const [cat] = await database.db.select().from(categories).where(eq(categories.slug, 'temp'));
    const [level] = await database.db.select().from(levels).where(eq(levels.categoryId, cat.id));
    const rows = await database.db.select().from(items).where(eq(items.levelId, level.id)).orderBy(items.position);
    expect(rows.map((r) => r.payload)).toEqual([{ text: 'Q0' }, { text: 'Q1' }]);
  });

  it('names the file and the field of an invalid item', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'would_you_rather'));
    writeFileSync(
      path.join(dir, 'would_you_rather', 'bad.json'),
      JSON.stringify({ game: 'would_you_rather', slug: 'bad', name: 'Bad', description: 'Bad', position: 1, levels: [{ number: 1, name: 'L', description: 'D', items: [{ option_a: 'only one' }] }] }),
    );
    expect(() => readContent(dir)).toThrow(ContentError);
    expect(() => readContent(dir)).toThrow(/bad\.json: levels\.0\.items\.0/);
  });
});
