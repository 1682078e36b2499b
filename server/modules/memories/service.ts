import { and, eq } from 'drizzle-orm';
import type { Memory, StarTarget } from '@core/contracts/memories';
import type { GameType } from '@core/games';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { memoryStars } from '../../db/schema';
import { refuse } from '../../domain-errors';
import { isSessionId } from '../sessions/access';
import { type DayMemory, type SessionMemory, dayTarget, gather, itemTarget, wordsOf } from './gather';

/** A memory as the list shows it: what it is, with whom, when, how much of it is starred. */
export function summary(m: SessionMemory | DayMemory): Memory {
  if (m.kind === 'daily')
    return { kind: 'daily', day: m.day, pair: m.pair, question: m.question, with: m.with, at: m.at, both: m.mine !== null && m.partner !== null, starred: m.starred };
  return {
    kind: 'session',
    id: m.id,
    game: m.game,
    level: m.level,
    with: m.with,
    at: m.at,
    completedAt: m.completedAt,
    pace: m.pace,
    guessing: m.guessing,
    answered: m.items.length,
    starred: m.items.filter((i) => i.starred).length,
  };
}

/** Newest first: a session by when it began, a daily question as its day ends (before that day's sessions). */
const sortKey = (m: SessionMemory | DayMemory) => (m.kind === 'daily' ? `${m.day}T24` : m.at);

export interface MemoryFilter {
  activity?: GameType | 'daily';
  q?: string;
  starred?: boolean;
}

/**
 * The list (docs/product/memories.md#the-list): newest first by when it began (a daily question by its day), one
 * activity, words found in what the viewer can read (never a partner's hidden answer), only what is starred.
 */
export async function listMemories(db: Db, viewerId: string, filter: MemoryFilter): Promise<Memory[]> {
  const { sessions, days } = await gather(db, viewerId);
  const q = filter.q?.trim().toLowerCase();
  // A session the viewer answered nothing in yet is no memory of theirs (its page still opens, from Recent Moments).
  const all: (SessionMemory | DayMemory)[] = [...sessions.filter((s) => s.items.length > 0), ...days];
  return all
    .filter((m) => !filter.activity || (m.kind === 'daily' ? filter.activity === 'daily' : m.game === filter.activity))
    .filter((m) => !filter.starred || (m.kind === 'daily' ? m.starred : m.items.some((i) => i.starred)))
    .filter((m) => !q || wordsOf(m).includes(q))
    .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1))
    .map(summary);
}

/** One session as a memory, for one of its two members (anyone else: 404, as a session that does not exist). */
export async function sessionMemory(db: Db, viewerId: string, sessionId: string): Promise<SessionMemory> {
  if (!isSessionId(sessionId)) throw refuse('NOT_FOUND');
  const [memory] = (await gather(db, viewerId, { sessionId })).sessions;
  if (!memory) throw refuse('NOT_FOUND');
  return memory;
}

/** One day's question as a memory, for one of its couple. */
export async function dayMemory(db: Db, viewerId: string, pair: [string, string], day: string): Promise<DayMemory> {
  if (!pair.includes(viewerId)) throw refuse('NOT_FOUND');
  const [memory] = (await gather(db, viewerId, { pair, day })).days;
  if (!memory) throw refuse('NOT_FOUND');
  return memory;
}

/**
 * Stars or unstars for the couple the memory belongs to: an item the viewer answered in a session they shared, or a
 * day of theirs (docs/product/memories.md#favourites). Anything else is 404.
 */
export async function setStar(db: Db, clock: Clock, viewerId: string, target: StarTarget, starred: boolean): Promise<{ pair: [string, string] }> {
  let pair: [string, string];
  let key: string;
  if (target.kind === 'item') {
    const memory = await sessionMemory(db, viewerId, target.sessionId);
    if (!memory.items.some((i) => i.itemId === target.itemId)) throw refuse('NOT_FOUND');
    [pair, key] = [memory.pair, itemTarget(memory.id, target.itemId)];
  } else {
    const memory = await dayMemory(db, viewerId, [target.low, target.high], target.day);
    [pair, key] = [memory.pair, dayTarget(memory.day)];
  }
  const of = and(eq(memoryStars.userLow, pair[0]), eq(memoryStars.userHigh, pair[1]), eq(memoryStars.target, key));
  if (starred) {
    await db.insert(memoryStars).values({ userLow: pair[0], userHigh: pair[1], target: key, starredBy: viewerId, createdAt: clock.now() }).onConflictDoNothing();
  } else {
    await db.delete(memoryStars).where(of);
  }
  return { pair };
}
