import { and, eq, inArray } from 'drizzle-orm';
import type { SessionLive } from '@core/contracts/sessions';
import { definitionOf } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { type Clock, systemClock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { gameSessions, levelProgress, levels, responses } from '../../db/schema';
import { getMe } from '../account/service';
import { endPendingInvites } from './pending-invites';
import { lockOfLevel } from '../catalogue/service';
import type { LevelInfo, LevelItem } from './level-items';
import { nextVersion } from './version';

/**
 * Completes a session (the host's Next past the last item): status, the version players see, and, in the same
 * transaction, the level recorded as completed for both members, which opens the next level
 * (docs/product/sessions-and-games.md#level-unlocking). A failure to record progress is logged by the caller and does
 * not undo the completion (a savepoint; docs/product/sessions-and-games.md#completion).
 */
export async function completeSession(tx: Tx, session: { id: string; levelId: string }, members: string[], itemCount: number, clock: Clock = systemClock) {
  const now = clock.now();
  const [{ version }] = await tx
    .update(gameSessions)
    .set({ status: 'completed', completedAt: now, currentIndex: itemCount, version: nextVersion() })
    .where(eq(gameSessions.id, session.id))
    .returning({ version: gameSessions.version });
  // Invitations still pending are answered now: they leave the guest's bell (docs/product/partners.md#session-invitations).
  const endedInvites = members[1] ? await endPendingInvites(tx, session.id, members[1]) : [];
  let progressError: unknown = null;
  try {
    await tx.transaction(async (sp) => {
      await sp
        .insert(levelProgress)
        .values(members.map((userId) => ({ userId, levelId: session.levelId, completedAt: now })))
        .onConflictDoNothing();
    });
  } catch (err) {
    progressError = err;
  }
  return { version, completedAt: now, progressError, endedInvites };
}

/** Each member's score in a scored game: answers the game's definition calls correct. */
export async function finalScores(db: Db, sessionId: string, game: GameType, list: LevelItem[], members: string[]): Promise<Record<string, number> | null> {
  const def = definitionOf(game);
  if (!def.scored) return null;
  const byId = new Map(list.map((i) => [i.id, i.payload]));
  const rows = await db
    .select()
    .from(responses)
    .where(and(eq(responses.sessionId, sessionId), inArray(responses.userId, members)));
  const scores: Record<string, number> = Object.fromEntries(members.map((m) => [m, 0]));
  for (const r of rows) {
    const item = byId.get(r.itemId);
    if (item && def.isCorrect(item, r.answer)) scores[r.userId] += 1;
  }
  return scores;
}

/** The level after a completed one, and whether the couple may play it now: the one rule, core/levels.ts. */
export async function nextLevelNotice(db: Db, viewerId: string, level: LevelInfo): Promise<SessionLive['nextLevel']> {
  const [next] = await db
    .select({ id: levels.id, number: levels.number, name: levels.name, free: levels.free })
    .from(levels)
    .where(and(eq(levels.categoryId, level.category.id), eq(levels.number, level.number + 1)));
  if (!next) return null;
  const { gold } = await getMe(db, viewerId);
  const lock = await lockOfLevel(db, viewerId, gold, { categoryId: level.category.id, number: next.number, free: next.free });
  return { id: next.id, number: next.number, name: next.name, unlocked: lock === 'open' };
}
