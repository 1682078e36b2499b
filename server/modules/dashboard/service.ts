import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { type Dashboard, dashboardSchema } from '@core/contracts/dashboard';
import { gameDefinitions } from '@core/game-definitions';
import { GAME_TYPES } from '@core/games';
import type { InvalidationBus } from '../../cache/invalidation';
import { busCache } from '../../cache/user-cache';
import type { Db } from '../../db/client';
import { gameSessions, responses } from '../../db/schema';
import { getMe } from '../account/service';

export const RECENT_LIMIT = 5;

/** What each game adds to: its sessions to "games played", or the viewer's answers to "questions answered". */
const countedIn = (what: 'gamesPlayed' | 'questionsAnswered') => GAME_TYPES.filter((game) => gameDefinitions[game].dashboard === what);
const PLAYED = countedIn('gamesPlayed');
const ANSWERED = countedIn('questionsAnswered');

/** Sessions this couple made together: not those either made with a former partner (docs/decisions/012). */
const ofCouple = (couple: string[]) => and(inArray(gameSessions.creatorId, couple), or(isNull(gameSessions.guestId), inArray(gameSessions.guestId, couple)));

/**
 * The couple's dashboard in one call (docs/product/home-and-shell.md#the-couples-dashboard): sessions created by either
 * partner, counted per game, the 5 most recent, questions answered, and when they linked (the viewer's browser counts
 * the days).
 */
export async function getDashboard(db: Db, userId: string): Promise<Dashboard> {
  const me = await getMe(db, userId);
  const couple = me.partner ? [me.id, me.partner.id] : [me.id];
  const [perGame, recent, [answered]] = await Promise.all([
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
  ]);
  const counts = Object.fromEntries(GAME_TYPES.map((g) => [g, 0])) as Dashboard['counts'];
  for (const row of perGame) counts[row.game] = Number(row.n);
  return {
    partner: me.partner ? { id: me.partner.id, username: me.partner.username } : null,
    linkedAt: me.partner?.linkedAt ?? null,
    counts,
    gamesPlayed: PLAYED.reduce((sum, game) => sum + counts[game], 0),
    questionsAnswered: Number(answered?.n ?? 0),
    recent: recent.map((r) => ({ id: r.id, game: r.game, createdAt: r.createdAt.toISOString() })),
  };
}

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 20_000;

/**
 * Dashboards through a cache: a couple opens it far more often than they play. An entry depends on both
 * partners, so a write by either (a new session, an answered question, linking, unlinking, deleting the
 * account) drops it: writers publish a 'dashboard' invalidation naming the user they changed. Nothing in it
 * depends on the clock (days together is counted in the viewer's time zone, in the browser). The JSON is kept too:
 * on a hit, serializing was the largest cost left.
 */
export function createDashboards(db: Db, bus: InvalidationBus) {
  // Bypassed while Redis is away (busCache): a partner's write in another process could go unheard.
  const cache = busCache<string, { dto: Dashboard; json: string }>(bus, 'dashboard', { ttlMs: CACHE_TTL_MS, max: CACHE_MAX });
  return {
    /** The viewer's dashboard as a JSON string. */
    async json(userId: string): Promise<string> {
      let entry = cache.get(userId);
      if (!entry) {
        const since = cache.stamp();
        const dto = await getDashboard(db, userId);
        // Encoded through the contract once, when cached: the string sent on every hit is what the schema allows.
        entry = { dto, json: JSON.stringify(dashboardSchema.encode(dto)) };
        cache.set(userId, dto.partner ? [userId, dto.partner.id] : [userId], entry, since);
      }
      return entry.json;
    },
  };
}
