import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, gameSessions, items, levels } from '../../db/schema';

export interface LevelItem {
  id: string;
  position: number;
  payload: Record<string, unknown>;
}

export interface LevelItems {
  list: LevelItem[];
  byId: Map<string, LevelItem>;
}

const MAX_SESSIONS = 100_000;

/**
 * Content is loaded at start and never changes while the server runs, and a session's game and level never
 * change: both are read once per process and kept. Every answer and snapshot then costs no query for them.
 */
type Facts = { game: (typeof gameSessions.$inferSelect)['game']; levelId: string; itemOrder: string[] | null; creatorId: string; guessing: boolean };
export interface LevelInfo {
  id: string;
  number: number;
  name: string;
  category: { id: string; name: string };
}
interface Caches {
  levels: Map<string, Promise<LevelItems>>;
  /** The same, once loaded: the answer path reads them without awaiting. */
  loadedLevels: Map<string, LevelItems>;
  infos: Map<string, Promise<LevelInfo | undefined>>;
  sessions: Map<string, Facts>;
}
const perDatabase = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let caches = perDatabase.get(db);
  if (!caches) perDatabase.set(db, (caches = { levels: new Map(), loadedLevels: new Map(), infos: new Map(), sessions: new Map() }));
  return caches;
}

/** A level's number and name with its category's: content, so read once. */
export function levelInfo(db: Db, levelId: string): Promise<LevelInfo | undefined> {
  const { infos } = cachesOf(db);
  let pending = infos.get(levelId);
  if (!pending) {
    pending = db
      .select({ id: levels.id, number: levels.number, name: levels.name, categoryId: categories.id, categoryName: categories.name })
      .from(levels)
      .innerJoin(categories, eq(categories.id, levels.categoryId))
      .where(eq(levels.id, levelId))
      .then(([row]) => row && { id: row.id, number: row.number, name: row.name, category: { id: row.categoryId, name: row.categoryName } });
    infos.set(levelId, pending);
    pending.then((info) => info ?? infos.delete(levelId)).catch(() => infos.delete(levelId));
  }
  return pending;
}

/** A level's items when already loaded (no promise), else undefined: then `levelItems`. */
export function cachedLevelItems(db: Db, levelId: string): LevelItems | undefined {
  return cachesOf(db).loadedLevels.get(levelId);
}

export function levelItems(db: Db, levelId: string): Promise<LevelItems> {
  const { levels, loadedLevels } = cachesOf(db);
  let pending = levels.get(levelId);
  if (!pending) {
    pending = db
      .select({ id: items.id, position: items.position, payload: items.payload })
      .from(items)
      .where(eq(items.levelId, levelId))
      .orderBy(asc(items.position))
      .then((rows) => {
        const list = rows.map((r) => ({ ...r, payload: r.payload as Record<string, unknown> }));
        const loaded = { list, byId: new Map(list.map((i) => [i.id, i])) };
        loadedLevels.set(levelId, loaded);
        return loaded;
      });
    levels.set(levelId, pending);
    pending.catch(() => levels.delete(levelId));
  }
  return pending;
}

/** A session's fixed facts when already known (no promise), else undefined: then `sessionFacts`. */
export function cachedSessionFacts(db: Db, sessionId: string): Facts | undefined {
  return cachesOf(db).sessions.get(sessionId);
}

/** A session's fixed facts (game, level, order, creator, way to play), or undefined when it does not exist. */
export async function sessionFacts(db: Db, sessionId: string): Promise<Facts | undefined> {
  const { sessions } = cachesOf(db);
  const known = sessions.get(sessionId);
  if (known) return known;
  const [row] = await db
    .select({ game: gameSessions.game, levelId: gameSessions.levelId, itemOrder: gameSessions.itemOrder, creatorId: gameSessions.creatorId, guessing: gameSessions.guessing })
    .from(gameSessions)
    .where(eq(gameSessions.id, sessionId));
  if (!row) return undefined;
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  sessions.set(sessionId, row);
  return row;
}

/**
 * The level's items in this session's order (docs/product/sessions-and-games.md#creating-a-session): shuffled at
 * creation and kept with the session, so a replay comes in a new order. Items the order does not name (content added
 * since) come last by position. `submit_answer` (server/db/functions.sql) orders them the same way.
 */
export function inSessionOrder(list: LevelItem[], itemOrder: string[] | null): LevelItem[] {
  if (!itemOrder) return list;
  const rank = new Map(itemOrder.map((id, i) => [id, i]));
  return [...list].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.position - b.position);
}

/** A fresh order for a new session: every item once, shuffled (Fisher–Yates over a CSPRNG). */
export function shuffledOrder(list: LevelItem[]): string[] {
  const ids = list.map((i) => i.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}
