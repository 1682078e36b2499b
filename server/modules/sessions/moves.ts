import { and, count, eq, inArray } from 'drizzle-orm';
import type { Move } from '@core/contracts/sessions';
import { gameDefinitions } from '@core/game-definitions';
import { type Clock, systemClock } from '../../clock';
import type { Db } from '../../db/client';
import { gameSessions, guessMarks, responses } from '../../db/schema';
import { assertPlayable, isSessionId, sessionAccess } from './access';
import type { EndedInvite } from './pending-invites';
import { completeSession, finalScores, nextLevelNotice } from './completion';
import { SessionError } from './errors';
import { inSessionOrder, levelInfo, levelItems, sessionFacts } from './level-items';
import { guessFacts, knowingOf } from './guessing';
import { type LiveFacts, liveView } from './redaction';
import { nextVersion } from './version';

/**
 * The host's controls (docs/product/sessions-and-games.md#moves). Next needs both answers; past the last item it
 * completes the session (completion.ts). Running it again on a completed session changes nothing. Every index change
 * clears the answers of the item it lands on, so both answer it afresh, and bumps the version; a move that lands where
 * the session is changes nothing and bumps nothing. In a scored game only Next is allowed: going back to an item
 * whose solution both have seen would let it be answered again. The returned live state is the same for both members.
 */
export async function moveSession(db: Db, sessionId: string, viewerId: string, move: Move, clock: Clock = systemClock) {
  if (!isSessionId(sessionId)) throw new SessionError('not_found');
  // Read outside the transaction: a query on `db` inside it would wait for the transaction's own connection
  // (PGlite has one), and on a cold cache never return.
  const facts = await sessionFacts(db, sessionId);
  if (!facts) throw new SessionError('not_found');
  const list = inSessionOrder((await levelItems(db, facts.levelId)).list, facts.itemOrder);
  const moved = await db.transaction(async (tx) => {
    const access = await sessionAccess(tx, sessionId, viewerId, { lock: true });
    const { session, role, members } = access;
    if (role !== 'host') throw new SessionError('host_only');
    // Prev and shuffle move the one shared item: at your own pace there is none.
    if (session.pace === 'own') throw new SessionError('forward_only');
    const unchanged = { ...session, changed: false, members, answersCleared: false, progressError: null as unknown, endedInvites: [] as EndedInvite[] };
    if (session.status === 'completed') {
      if (move === 'next') return unchanged;
      throw new SessionError('completed');
    }
    assertPlayable(access);
    if (move !== 'next' && gameDefinitions[facts.game].scored) throw new SessionError('forward_only');
    let index = session.currentIndex;
    if (move === 'next') {
      const current = list[index];
      if (current) {
        const [{ n }] = await tx
          .select({ n: count() })
          .from(responses)
          .where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, current.id), inArray(responses.userId, members)));
        if (members.length < 2 || Number(n) < 2) throw new SessionError('not_both_answered');
      }
      index += 1;
    } else if (move === 'prev') {
      index = Math.max(0, index - 1);
    } else if (list.length > 1) {
      const others = list.map((_, i) => i).filter((i) => i !== index);
      index = others[Math.floor(Math.random() * others.length)];
    }
    if (index >= list.length) {
      const done = await completeSession(tx, session, members, list.length, clock);
      return { ...unchanged, ...done, status: 'completed' as const, currentIndex: list.length, changed: true, progressError: done.progressError };
    }
    if (index === session.currentIndex) return unchanged;
    const cleared = await tx
      .delete(responses)
      .where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, list[index].id)))
      .returning({ userId: responses.userId });
    // A written guess's mark goes with the answers it marked.
    await tx.delete(guessMarks).where(and(eq(guessMarks.sessionId, sessionId), eq(guessMarks.itemId, list[index].id)));
    const [{ version }] = await tx
      .update(gameSessions)
      .set({ currentIndex: index, version: nextVersion() })
      .where(eq(gameSessions.id, sessionId))
      .returning({ version: gameSessions.version });
    return { ...unchanged, version, currentIndex: index, changed: true, answersCleared: cleared.length > 0 };
  });
  const completed = moved.status === 'completed';
  // After the commit, on `db`: what completion opened (the next level) and the final scores.
  let extra: Pick<LiveFacts, 'scores' | 'nextLevel' | 'knowing'> = { scores: null, nextLevel: null, knowing: null };
  if (completed) {
    const level = await levelInfo(db, facts.levelId);
    const guestId = moved.members.find((m) => m !== facts.creatorId) ?? null;
    extra = {
      scores: facts.guessing ? null : await finalScores(db, sessionId, facts.game, list, moved.members),
      knowing: facts.guessing ? await knowingOf(db, sessionId, facts.game, list, facts.creatorId, guestId) : null,
      nextLevel: level ? await nextLevelNotice(db, viewerId, level) : null,
    };
  }
  const guess = await guessFacts(db, sessionId, facts);
  const item = completed ? null : (list[moved.currentIndex] ?? null);
  // A move leaves no answers on the item it lands on (it cleared them): the same view for both members. A move
  // that went nowhere (Previous on the first item) left the answers as they were: the host's view has them.
  let answers: { mine: unknown; theirs: unknown } = { mine: null, theirs: null };
  if (item && !moved.changed) {
    const rows = await db
      .select({ userId: responses.userId, answer: responses.answer })
      .from(responses)
      .where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, item.id)));
    answers = { mine: rows.find((r) => r.userId === viewerId)?.answer, theirs: rows.find((r) => r.userId !== viewerId && moved.members.includes(r.userId))?.answer };
  }
  const live = liveView({ ...moved, game: facts.game, item, ...answers, ...extra, guess });
  return {
    status: moved.status,
    currentIndex: moved.currentIndex,
    completed,
    live,
    changed: moved.changed,
    game: facts.game,
    members: moved.members,
    answersCleared: moved.answersCleared,
    progressError: moved.progressError,
    endedInvites: moved.endedInvites,
  };
}

/** A session's pace now (it can change from live to own): which rule its Next follows. */
export async function paceOf(db: Db, sessionId: string): Promise<'live' | 'own' | undefined> {
  if (!isSessionId(sessionId)) return undefined;
  const [row] = await db.select({ pace: gameSessions.pace }).from(gameSessions).where(eq(gameSessions.id, sessionId));
  return row?.pace;
}
