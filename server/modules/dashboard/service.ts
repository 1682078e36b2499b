import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { type Dashboard, dashboardSchema } from '@core/contracts/dashboard';
import { gameDefinitions } from '@core/game-definitions';
import { GAME_TYPES, type GameType } from '@core/games';
import { coupleDay } from '@core/daily';
import type { InvalidationBus } from '../../cache/invalidation';
import { busCache } from '../../cache/user-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { gameSessions, responses } from '../../db/schema';
import { getMe } from '../account/service';
import { knowingOf } from '../sessions/guessing';
import { inSessionOrder, levelItems } from '../sessions/level-items';
import { yourTurn } from './your-turn';

export const RECENT_LIMIT = 5;

/** What each game adds to: its sessions to "games played", or the viewer's answers to "questions answered". */
const countedIn = (what: 'sessions' | 'answers') => GAME_TYPES.filter((game) => gameDefinitions[game].dashboardCounts === what);
const PLAYED = countedIn('sessions');
const ANSWERED = countedIn('answers');

/** Sessions this couple made together: not those either made with a former partner (docs/decisions/012). */
const ofCouple = (couple: string[]) => and(inArray(gameSessions.creatorId, couple), or(isNull(gameSessions.guestId), inArray(gameSessions.guestId, couple)));

/**
 * The couple's dashboard in one call (docs/product/home-and-shell.md#the-couples-dashboard): sessions created by either
 * partner, counted per game, the 5 most recent, questions answered, when they linked (the viewer's browser counts
 * the days), and what waits for the viewer. `zones` and `day`: the couple's today it holds for.
 */
export async function getDashboard(db: Db, clock: Clock, userId: string): Promise<{ dto: Dashboard; zones: [string, string] | null; day: string | null }> {
  const me = await getMe(db, userId);
  const couple = me.partner ? [me.id, me.partner.id] : [me.id];
  const [turns, perGame, recent, [answered], knowEachOther] = await Promise.all([
    yourTurn(db, clock, userId),
    db.select({ game: gameSessions.game, n: count() }).from(gameSessions).where(ofCouple(couple)).groupBy(gameSessions.game),
    db
      .select({ id: gameSessions.id, game: gameSessions.game, createdAt: gameSessions.createdAt })
      .from(gameSessions)
      .where(ofCouple(couple))
      .orderBy(desc(gameSessions.createdAt))
      .limit(RECENT_LIMIT),
    db
      .select({ n: count() })
      .from(responses)
      .innerJoin(gameSessions, eq(gameSessions.id, responses.sessionId))
      .where(and(eq(responses.userId, me.id), inArray(gameSessions.game, ANSWERED))),
    me.partner ? bestKnowing(db, [me.id, me.partner.id]) : [],
  ]);
  const counts = Object.fromEntries(GAME_TYPES.map((g) => [g, 0])) as Dashboard['counts'];
  for (const row of perGame) counts[row.game] = Number(row.n);
  const dto: Dashboard = {
    partner: me.partner ? { id: me.partner.id, username: me.partner.username } : null,
    linkedAt: me.partner?.linkedAt ?? null,
    counts,
    gamesPlayed: PLAYED.reduce((sum, game) => sum + counts[game], 0),
    questionsAnswered: Number(answered?.n ?? 0),
    knowEachOther,
    recent: recent.map((r) => ({ id: r.id, game: r.game, createdAt: r.createdAt.toISOString() })),
    // Read in the same moment as the partner: a link made or undone between the two reads shows none of it.
    yourTurn: turns.couple?.partner.id === me.partner?.id ? turns.entries : [],
  };
  return { dto, zones: turns.couple?.zones ?? null, day: turns.couple?.today ?? null };
}

/**
 * The best "know each other" score per activity of the couple's completed guessing sessions (core/guessing.ts): the
 * highest share of right guesses of both together, ties to the larger number of guesses. Read through the sessions'
 * own rule (`knowingOf`), over the couple's sessions with both of them seated.
 */
async function bestKnowing(db: Db, couple: string[]): Promise<Dashboard['knowEachOther']> {
  const sessions = await db
    .select({
      id: gameSessions.id,
      game: gameSessions.game,
      levelId: gameSessions.levelId,
      creatorId: gameSessions.creatorId,
      guestId: gameSessions.guestId,
      itemOrder: gameSessions.itemOrder,
    })
    .from(gameSessions)
    .where(and(inArray(gameSessions.creatorId, couple), inArray(gameSessions.guestId, couple), eq(gameSessions.guessing, true), eq(gameSessions.status, 'completed')));
  const best = new Map<GameType, { knew: number; of: number }>();
  for (const s of sessions) {
    const list = inSessionOrder((await levelItems(db, s.levelId)).list, s.itemOrder);
    const scores = await knowingOf(db, s.id, s.game, list, s.creatorId, s.guestId);
    if (!scores) continue;
    const knew = Object.values(scores).reduce((n, k) => n + k.knew, 0);
    const of = Object.values(scores).reduce((n, k) => n + k.of, 0);
    const held = best.get(s.game);
    if (of > 0 && (!held || knew * held.of > held.knew * of || (knew * held.of === held.knew * of && of > held.of))) best.set(s.game, { knew, of });
  }
  return GAME_TYPES.filter((game) => best.has(game)).map((game) => ({ game, ...best.get(game)! }));
}

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 20_000;

/**
 * Dashboards through a cache: a couple opens it far more often than they play. An entry depends on both
 * partners, so a write by either (a new session, an answered question, a daily answer, linking, unlinking, a time
 * zone changed, deleting the account) drops it: writers publish a 'dashboard' invalidation naming the user they
 * changed. The clock matters only through the couple's today ("your turn" lists today's question): an entry holds
 * for the day it was read on, checked on every hit against the two time zones it was read with (docs/decisions/033);
 * days together is counted in the viewer's time zone, in the browser. The JSON is kept too: on a hit, serializing was
 * the largest cost left.
 */
export function createDashboards(db: Db, bus: InvalidationBus, clock: Clock) {
  type Entry = { dto: Dashboard; json: string; zones: [string, string] | null; day: string | null };
  // Bypassed while Redis is away (busCache): a partner's write in another process could go unheard.
  const cache = busCache<string, Entry>(bus, 'dashboard', { ttlMs: CACHE_TTL_MS, max: CACHE_MAX });
  const current = (entry: Entry | undefined): entry is Entry => !!entry && (!entry.zones || coupleDay(entry.zones, clock.now()) === entry.day);
  const load = async (userId: string): Promise<Entry> => {
    let entry = cache.get(userId);
    if (!current(entry)) {
      const since = cache.stamp();
      const { dto, zones, day } = await getDashboard(db, clock, userId);
      // Encoded through the contract once, when cached: the string sent on every hit is what the schema allows.
      entry = { dto, json: JSON.stringify(dashboardSchema.encode(dto)), zones, day };
      cache.set(userId, dto.partner ? [userId, dto.partner.id] : [userId], entry, since);
    }
    return entry;
  };
  return {
    /** The viewer's dashboard as a JSON string. */
    json: async (userId: string): Promise<string> => (await load(userId)).json,
    /** The bell's part of it. */
    yourTurn: async (userId: string) => {
      const { dto } = await load(userId);
      return { partner: dto.partner, yourTurn: dto.yourTurn };
    },
  };
}
