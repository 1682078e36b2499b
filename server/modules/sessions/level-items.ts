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
type Facts = { game: (typeof gameSessions.$inferSelect)['game']; levelId: string };
export interface LevelInfo {
  id: string;
  number: number;
  name: string;
  category: { id: string; name: string };
}
interface Caches {
  levels: Map<string, Promise<LevelItems>>;
  infos: Map<string, Promise<LevelInfo | undefined>>;
  sessions: Map<string, Facts>;
}
const perDatabase = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let caches = perDatabase.get(db);
  if (!caches) perDatabase.set(db, (caches = { levels: new Map(), infos: new Map(), sessions: new Map() }));
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

export function levelItems(db: Db, levelId: string): Promise<LevelItems> {
  const { levels } = cachesOf(db);
  let pending = levels.get(levelId);
  if (!pending) {
    pending = db
      .select({ id: items.id, position: items.position, payload: items.payload })
      .from(items)
      .where(eq(items.levelId, levelId))
      .orderBy(asc(items.position))
      .then((rows) => {
        const list = rows.map((r) => ({ ...r, payload: r.payload as Record<string, unknown> }));
        return { list, byId: new Map(list.map((i) => [i.id, i])) };
      });
    levels.set(levelId, pending);
    pending.catch(() => levels.delete(levelId));
  }
  return pending;
}

/** A session's fixed facts (game, level), or undefined when it does not exist. */
export async function sessionFacts(db: Db, sessionId: string): Promise<Facts | undefined> {
  const { sessions } = cachesOf(db);
  const known = sessions.get(sessionId);
  if (known) return known;
  const [row] = await db.select({ game: gameSessions.game, levelId: gameSessions.levelId }).from(gameSessions).where(eq(gameSessions.id, sessionId));
  if (!row) return undefined;
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  sessions.set(sessionId, row);
  return row;
}
