import { and, eq, inArray } from 'drizzle-orm';
import type { GuessMark } from '@core/guessing';
import { guessRole } from '@core/guessing';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { gameSessions, guessMarks, responses } from '../../db/schema';
import { assertPlayable, isSessionId, sessionAccess } from './access';
import { NOT_IN_SESSION, SessionError } from './errors';
import { guessKindOf } from './guessing';
import { inSessionOrder, levelItems, sessionFacts } from './level-items';
import { nextVersion } from './version';

/**
 * The answering partner's mark on a written guess (docs/product/guess-my-answer.md): a record of its own
 * (`guess_marks`), beside the two answers, which stand once revealed. Only its answerer marks it (the item's roles,
 * `guessRole`), only once both have answered, and again to change it; completion does not wait for it. The version
 * moves with it, so both screens take the new views.
 */
export async function markGuess(db: Db, clock: Clock, sessionId: string, viewerId: string, itemId: string, mark: GuessMark) {
  if (!isSessionId(sessionId)) throw new SessionError('not_found');
  const facts = await sessionFacts(db, sessionId);
  if (!facts) throw new SessionError('not_found');
  const list = inSessionOrder((await levelItems(db, facts.levelId)).list, facts.itemOrder);
  return db.transaction(async (tx) => {
    // Who may ask comes first: a stranger learns nothing about the session's way to play.
    const access = await sessionAccess(tx, sessionId, viewerId, { lock: true });
    if (guessKindOf(facts.game, facts.guessing) !== 'written') throw new SessionError('not_guessing');
    const index = list.findIndex((i) => i.id === itemId);
    if (index < 0) throw new SessionError('invalid_answer', NOT_IN_SESSION);
    assertPlayable(access);
    if (guessRole('written', index, viewerId === facts.creatorId ? 'host' : 'guest') !== 'answerer') throw new SessionError('not_your_mark');
    const answered = await tx
      .select({ userId: responses.userId })
      .from(responses)
      .where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, itemId), inArray(responses.userId, access.members)));
    if (access.members.length < 2 || answered.length < 2) throw new SessionError('not_both_answered');
    const [before] = await tx
      .select({ mark: guessMarks.mark })
      .from(guessMarks)
      .where(and(eq(guessMarks.sessionId, sessionId), eq(guessMarks.itemId, itemId)));
    if (before?.mark === mark) return { changed: false, members: access.members };
    await tx
      .insert(guessMarks)
      .values({ sessionId, itemId, mark, markedBy: viewerId, markedAt: clock.now() })
      .onConflictDoUpdate({ target: [guessMarks.sessionId, guessMarks.itemId], set: { mark, markedBy: viewerId, markedAt: clock.now() } });
    await tx.update(gameSessions).set({ version: nextVersion() }).where(eq(gameSessions.id, sessionId));
    return { changed: true, members: access.members };
  });
}
