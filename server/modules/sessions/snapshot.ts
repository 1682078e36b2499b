import { and, eq } from 'drizzle-orm';
import type { SessionSnapshot } from '@core/contracts/sessions';
import type { Db } from '../../db/client';
import { responses } from '../../db/schema';
import { type EndedInvite, endPendingInvites } from './pending-invites';
import { sessionAccess } from './access';
import { finalScores, nextLevelNotice } from './completion';
import { guessFacts, knowingOf } from './guessing';
import { SessionError } from './errors';
import { inSessionOrder, levelInfo, levelItems, sessionFacts } from './level-items';
import { ownPaceState, ownPaceView } from './own-pace';
import { liveView } from './redaction';

/**
 * What one viewer may see of a session right now: who plays, the level, and the live state
 * (docs/product/sessions-and-games.md#before-answering-what-stays-hidden).
 */
export async function getSnapshot(db: Db, sessionId: string, viewerId: string): Promise<{ snapshot: SessionSnapshot; endedInvites: EndedInvite[] }> {
  const access = await sessionAccess(db, sessionId, viewerId);
  const { session, otherId } = access;
  // Content comes from memory; the players came with the access check: one more query, for the current answers.
  // The guest opening the session answers its pending invitation, however they came (docs/product/partners.md).
  const [level, items, facts, endedInvites] = await Promise.all([
    levelInfo(db, session.levelId),
    levelItems(db, session.levelId),
    sessionFacts(db, session.id),
    access.invited ? endPendingInvites(db, session.id, viewerId) : [],
  ]);
  if (!level || !facts) throw new SessionError('not_found');
  const list = inSessionOrder(items.list, facts.itemOrder);
  const completed = session.status === 'completed';
  const [scores, nextLevel, knowing, guess] = await Promise.all([
    completed && !facts.guessing ? finalScores(db, session.id, session.game, list, access.members) : null,
    completed ? nextLevelNotice(db, viewerId, level) : null,
    completed && facts.guessing ? knowingOf(db, session.id, session.game, list, facts.creatorId, access.members.find((m) => m !== facts.creatorId) ?? null) : null,
    guessFacts(db, session.id, facts),
  ]);
  const live =
    session.pace === 'own'
      ? ownPaceView(await ownPaceState(db, session.id, access.members), { ...session, list, viewerId, otherId }, { scores, nextLevel, guess, knowing })
      : await liveState();
  async function liveState() {
    const item = session.status === 'active' ? (list[session.currentIndex] ?? null) : null;
    const answers = item
      ? await db
          .select({ userId: responses.userId, answer: responses.answer })
          .from(responses)
          .where(and(eq(responses.sessionId, session.id), eq(responses.itemId, item.id)))
      : [];
    return liveView({
      ...session,
      item,
      mine: answers.find((r) => r.userId === viewerId)?.answer,
      theirs: otherId ? answers.find((r) => r.userId === otherId)?.answer : undefined,
      scores,
      nextLevel,
      guess,
      knowing,
    });
  }
  const snapshot: SessionSnapshot = {
    ...live,
    session: { ...live.session, id: session.id, createdAt: session.createdAt.toISOString() },
    role: access.role,
    host: access.host,
    partner: access.partner,
    level,
    itemCount: list.length,
    readOnly: access.readOnly,
  };
  return { snapshot, endedInvites };
}
