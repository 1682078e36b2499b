import { and, count, eq, inArray } from 'drizzle-orm';
import type { SessionSnapshotDto } from '@core/contracts';
import { definitionOf, MISSING_ANSWER_DATA } from '@core/game-definitions';
import { levelLock } from '@core/levels';
import { type Db, queryRows } from '../../db/client';
import { gameSessions, levelProgress, levels, responses } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { getMe } from '../account/service';
import { ACCESS_DENIED, assertPlayable, isSessionId, SESSION_NOT_FOUND, SESSION_READ_ONLY, sessionAccess } from './access';
import { levelInfo, levelItems, sessionFacts } from './level-items';

export const HOST_ONLY = 'Only the host can move the session forward.';
export const NOT_BOTH_ANSWERED = 'Both of you need to answer before moving on.';
export const SESSION_COMPLETED = 'This session is already complete.';
export const ITEM_MOVED_ON = 'The session has moved on to another question.';

/** What one viewer may see of a session right now (spec 001 §4 answer state). */
export async function getSnapshot(db: Db, sessionId: string, viewerId: string): Promise<SessionSnapshotDto> {
  const access = await sessionAccess(db, sessionId, viewerId);
  const { session } = access;
  const def = definitionOf(session.game);
  // Content comes from memory; the players came with the access check: one more query, for the answers.
  const [level, { list }, all] = await Promise.all([
    levelInfo(db, session.levelId),
    levelItems(db, session.levelId),
    db.select().from(responses).where(eq(responses.sessionId, session.id)),
  ]);
  if (!level) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  const { otherId } = access;

  const currentItem = session.status === 'active' ? (list[session.currentIndex] ?? null) : null;
  const mine = currentItem ? all.find((r) => r.itemId === currentItem.id && r.userId === viewerId) : undefined;
  const theirs = currentItem && otherId ? all.find((r) => r.itemId === currentItem.id && r.userId === otherId) : undefined;
  const both = Boolean(mine && theirs);

  let scores: SessionSnapshotDto['scores'] = null;
  if (def.scored) {
    const byId = new Map(list.map((i) => [i.id, i.payload as Record<string, unknown>]));
    const score = (userId: string | undefined) => all.filter((r) => r.userId === userId && byId.has(r.itemId) && def.isCorrect(byId.get(r.itemId)!, r.answer)).length;
    scores = { mine: score(viewerId), partner: score(otherId ?? undefined) };
  }

  let nextLevel: SessionSnapshotDto['nextLevel'] = null;
  if (session.status === 'completed') {
    const [next] = await db.select({ id: levels.id, number: levels.number, name: levels.name, free: levels.free }).from(levels).where(and(eq(levels.categoryId, level.category.id), eq(levels.number, level.number + 1)));
    // Completion opened it on Gold; on the free plan a level beyond the free one stays behind the upgrade.
    if (next) nextLevel = { id: next.id, number: next.number, name: next.name, unlocked: levelLock({ number: next.number, free: next.free, completed: false }, (await getMe(db, viewerId)).premium, true) === 'open' };
  }

  return {
    session: { id: session.id, game: session.game, status: session.status, currentIndex: session.currentIndex, createdAt: session.createdAt.toISOString(), completedAt: session.completedAt?.toISOString() ?? null },
    role: access.role,
    host: access.host,
    partner: access.partner,
    level,
    itemCount: list.length,
    current: currentItem
      ? { id: currentItem.id, position: currentItem.position, payload: mine ? (currentItem.payload as Record<string, unknown>) : (def.redact(currentItem.payload as Record<string, unknown>) as Record<string, unknown>) }
      : null,
    answers: { mine: mine?.answer ?? null, partner: both ? theirs!.answer : null, partnerAnswered: Boolean(theirs), bothAnswered: both },
    readOnly: access.readOnly,
    scores,
    nextLevel,
  };
}

type AnswerOutcome = { outcome: 'ok' | 'not_found' | 'denied' | 'completed' | 'read_only' | 'moved_on' | 'current'; item_id: string | null; both_answered: boolean };

async function callSubmitAnswer(db: Db, sessionId: string, viewerId: string, itemId: string | null, answer: unknown) {
  const [row] = await queryRows<AnswerOutcome>(db, 'select * from submit_answer($1::uuid, $2, $3::uuid, $4::jsonb)', [sessionId, viewerId, itemId, JSON.stringify(answer)]);
  if (row.outcome === 'not_found') throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  if (row.outcome === 'denied') throw forbidden(ACCESS_DENIED, 'ACCESS_DENIED');
  if (row.outcome === 'completed') throw conflict(SESSION_COMPLETED, 'SESSION_COMPLETED');
  if (row.outcome === 'read_only') throw conflict(SESSION_READ_ONLY, 'SESSION_READ_ONLY');
  if (row.outcome === 'moved_on') throw conflict(ITEM_MOVED_ON, 'ITEM_MOVED_ON');
  return row as AnswerOutcome & { item_id: string };
}

/**
 * One answer per player per item, replaced on resubmission (unique key). Only for the current item of an
 * active session. The write is one call to `submit_answer` (migration 0001), which locks the session row so
 * that an answer and the host's "next" cannot interleave and, of two racing answers, the second sees the first.
 * The game and the level's items are cached (immutable), so the answer is checked before any write.
 */
export async function submitAnswer(db: Db, sessionId: string, viewerId: string, input: { itemId?: unknown; answer?: unknown }) {
  if (input.answer === undefined || input.answer === null || input.answer === '') throw badRequest(MISSING_ANSWER_DATA, 'MISSING_ANSWER_DATA');
  if (!isSessionId(sessionId)) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  const facts = await sessionFacts(db, sessionId);
  if (!facts) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  // Who may ask comes before what they sent: a stranger learns nothing from a bad answer's error.
  const refuse = async (error: AppError) => {
    await sessionAccess(db, sessionId, viewerId);
    throw error;
  };
  const def = definitionOf(facts.game);
  const parsed = def.answer.safeParse(input.answer);
  if (!parsed.success) return refuse(badRequest(parsed.error.issues[0]?.message ?? MISSING_ANSWER_DATA, 'INVALID_ANSWER'));
  const { byId } = await levelItems(db, facts.levelId);

  let itemId: string;
  if (input.itemId === undefined) {
    itemId = (await callSubmitAnswer(db, sessionId, viewerId, null, null)).item_id;
  } else if (typeof input.itemId === 'string' && byId.has(input.itemId)) {
    itemId = input.itemId;
  } else {
    return refuse(conflict(ITEM_MOVED_ON, 'ITEM_MOVED_ON'));
  }
  if (!def.accepts(byId.get(itemId)!.payload, parsed.data)) return refuse(badRequest('That answer is not one of the options', 'INVALID_ANSWER'));
  const row = await callSubmitAnswer(db, sessionId, viewerId, itemId, parsed.data);
  return { itemId: row.item_id, bothAnswered: row.both_answered, game: facts.game };
}

export type Move = 'next' | 'prev' | 'shuffle';

/**
 * The host's controls (spec 001 §4). Next needs both answers; past the last item it completes the session:
 * in the same transaction the level is marked completed for both partners, which opens the next level
 * (decisions §7). Running it again on a completed session changes nothing. Every index change clears the
 * answers of the item it lands on, so both answer it afresh.
 */
export async function moveSession(db: Db, sessionId: string, viewerId: string, move: Move) {
  if (!isSessionId(sessionId)) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  // Read outside the transaction: a query on `db` inside it would wait for the transaction's own connection
  // (PGlite has one), and on a cold cache never return.
  const facts = await sessionFacts(db, sessionId);
  if (!facts) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
  const { list } = await levelItems(db, facts.levelId);
  return db.transaction(async (tx) => {
    const access = await sessionAccess(tx, sessionId, viewerId, { lock: true });
    const { session, role, members: players } = access;
    if (role !== 'host') throw forbidden(HOST_ONLY, 'HOST_ONLY');
    if (session.status === 'completed') {
      if (move === 'next') return { status: session.status, currentIndex: session.currentIndex, completed: true, game: session.game, players, answersCleared: false, progressError: null };
      throw conflict(SESSION_COMPLETED, 'SESSION_COMPLETED');
    }
    assertPlayable(access);
    let index = session.currentIndex;
    if (move === 'next') {
      const current = list[index];
      if (current) {
        const [{ n }] = await tx.select({ n: count() }).from(responses).where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, current.id), inArray(responses.userId, players)));
        if (players.length < 2 || Number(n) < 2) throw new AppError(409, 'NOT_BOTH_ANSWERED', NOT_BOTH_ANSWERED);
      }
      index += 1;
    } else if (move === 'prev') {
      index = Math.max(0, index - 1);
    } else if (list.length > 1) {
      const others = list.map((_, i) => i).filter((i) => i !== index);
      index = others[Math.floor(Math.random() * others.length)];
    }

    if (index >= list.length) {
      const now = new Date();
      await tx.update(gameSessions).set({ status: 'completed', completedAt: now, currentIndex: list.length }).where(eq(gameSessions.id, sessionId));
      // Spec 001 §8: a failure to record progress is logged, and does not undo the completion (a savepoint).
      let progressError: unknown = null;
      try {
        await tx.transaction(async (sp) => {
          await sp
            .insert(levelProgress)
            .values(players.map((userId) => ({ userId, levelId: session.levelId, completedAt: now })))
            .onConflictDoNothing();
        });
      } catch (err) {
        progressError = err;
      }
      return { status: 'completed' as const, currentIndex: list.length, completed: true, game: session.game, players, answersCleared: false, progressError };
    }
    let answersCleared = false;
    if (index !== session.currentIndex) {
      const cleared = await tx.delete(responses).where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, list[index].id))).returning({ userId: responses.userId });
      answersCleared = cleared.length > 0;
      await tx.update(gameSessions).set({ currentIndex: index }).where(eq(gameSessions.id, sessionId));
    }
    return { status: 'active' as const, currentIndex: index, completed: false, game: session.game, players, answersCleared, progressError: null };
  });
}

