import { and, eq } from 'drizzle-orm';
import type { SessionLive } from '@core/contracts/sessions';
import type { Db } from '../../db/client';
import { gameSessions, responses } from '../../db/schema';
import { finalScores, nextLevelNotice } from './completion';
import { guessFacts, knowingOf } from './guessing';
import { inSessionOrder, levelInfo, levelItems, sessionFacts } from './level-items';
import { ownPaceViews } from './own-pace';
import { liveView } from './redaction';

/**
 * Each member's own view of a session after a change, whatever its pace: at their own pace each is on their own item;
 * live, both are on the shared one, and in a guessing session each sees their own guess and the partner's only once
 * both answered, so the views differ and each goes to its member (docs/product/guess-my-answer.md).
 */
export async function memberViews(db: Db, sessionId: string): Promise<{ userId: string; live: SessionLive }[]> {
  const facts = await sessionFacts(db, sessionId);
  const [row] = await db
    .select({
      version: gameSessions.version,
      status: gameSessions.status,
      completedAt: gameSessions.completedAt,
      currentIndex: gameSessions.currentIndex,
      pace: gameSessions.pace,
      guestId: gameSessions.guestId,
    })
    .from(gameSessions)
    .where(eq(gameSessions.id, sessionId));
  if (!facts || !row) return [];
  if (row.pace === 'own') return ownPaceViews(db, sessionId);
  const members = row.guestId ? [facts.creatorId, row.guestId] : [facts.creatorId];
  const list = inSessionOrder((await levelItems(db, facts.levelId)).list, facts.itemOrder);
  const completed = row.status === 'completed';
  const item = completed ? null : (list[row.currentIndex] ?? null);
  const [answers, guess, level, scores, knowing] = await Promise.all([
    item
      ? db
          .select({ userId: responses.userId, answer: responses.answer })
          .from(responses)
          .where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, item.id)))
      : [],
    guessFacts(db, sessionId, facts),
    completed ? levelInfo(db, facts.levelId) : undefined,
    completed && !facts.guessing ? finalScores(db, sessionId, facts.game, list, members) : null,
    completed && facts.guessing ? knowingOf(db, sessionId, facts.game, list, facts.creatorId, row.guestId) : null,
  ]);
  return Promise.all(
    members.map(async (userId) => {
      const otherId = members.find((m) => m !== userId);
      return {
        userId,
        live: liveView({
          game: facts.game,
          version: row.version,
          status: row.status,
          currentIndex: row.currentIndex,
          completedAt: row.completedAt,
          pace: 'live',
          item,
          mine: answers.find((a) => a.userId === userId)?.answer,
          theirs: otherId ? answers.find((a) => a.userId === otherId)?.answer : undefined,
          scores,
          knowing,
          guess,
          nextLevel: level ? await nextLevelNotice(db, userId, level) : null,
        }),
      };
    }),
  );
}
