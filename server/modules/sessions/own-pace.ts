import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionLive } from '@core/contracts/sessions';
import type { GameType } from '@core/games';
import { type Clock, systemClock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { gameSessions, responses, sessionPositions } from '../../db/schema';
import type { EndedInvite } from './pending-invites';
import { assertPlayable, isSessionId, sessionAccess } from './access';
import { completeSession, finalScores, nextLevelNotice } from './completion';
import { SessionError } from './errors';
import { inSessionOrder, levelInfo, type LevelItem, levelItems, sessionFacts } from './level-items';
import { guessFacts, knowingOf } from './guessing';
import { type LiveFacts, liveView } from './redaction';
import { nextVersion } from './version';

/**
 * At your own pace (docs/product/sessions-and-games.md#at-your-own-pace): the same engine as live play, with one rule
 * changed. Each member has their own position (session_positions), moved by their own Next once they have answered the
 * item there; `submit_answer` (server/db/functions.sql) takes the answer at that position. An item's answers are revealed to a
 * member once both have answered it (redaction.ts applies it to every item), and the session completes when both have
 * answered every item, whoever answers last, in the transaction after that answer.
 */

interface Stored {
  userId: string;
  itemId: string;
  answer: unknown;
}

/** Where a member is, and what each member has answered: everything one viewer's own-pace view is built from. */
export async function ownPaceState(db: Db | Tx, sessionId: string, members: string[]) {
  const [rows, positions] = await Promise.all([
    db
      .select({ userId: responses.userId, itemId: responses.itemId, answer: responses.answer })
      .from(responses)
      .where(and(eq(responses.sessionId, sessionId), inArray(responses.userId, members))),
    db.select({ userId: sessionPositions.userId, position: sessionPositions.position }).from(sessionPositions).where(eq(sessionPositions.sessionId, sessionId)),
  ]);
  return { rows: rows as Stored[], positions: new Map(positions.map((p) => [p.userId, p.position])) };
}

export type OwnPaceState = Awaited<ReturnType<typeof ownPaceState>>;

/** One viewer's live state at their own pace: their position and item, both members' progress, the items they passed. */
export function ownPaceView(
  state: OwnPaceState,
  facts: { game: GameType; version: number; status: 'active' | 'completed'; completedAt: Date | null; list: LevelItem[]; viewerId: string; otherId: string | null },
  extra: Pick<LiveFacts, 'scores' | 'nextLevel' | 'guess' | 'knowing'> = {},
): SessionLive {
  const answerOf = (userId: string | null, itemId: string) => (userId ? state.rows.find((r) => r.userId === userId && r.itemId === itemId)?.answer : undefined);
  const count = (userId: string | null) => (userId ? state.rows.filter((r) => r.userId === userId).length : 0);
  const completed = facts.status === 'completed';
  const position = completed ? facts.list.length : Math.min(state.positions.get(facts.viewerId) ?? 0, facts.list.length);
  const item = completed ? null : (facts.list[position] ?? null);
  return liveView({
    game: facts.game,
    version: facts.version,
    status: facts.status,
    currentIndex: position,
    completedAt: facts.completedAt,
    pace: 'own',
    item,
    mine: item ? answerOf(facts.viewerId, item.id) : undefined,
    theirs: item ? answerOf(facts.otherId, item.id) : undefined,
    progress: { mine: count(facts.viewerId), partner: count(facts.otherId) },
    passed: facts.list.slice(0, position).map((passed) => ({ item: passed, mine: answerOf(facts.viewerId, passed.id), theirs: answerOf(facts.otherId, passed.id) })),
    ...extra,
  });
}

/** Each member's own view of a session at their own pace, after a change: what the server pushes to each of them. */
export async function ownPaceViews(db: Db, sessionId: string): Promise<{ userId: string; live: SessionLive }[]> {
  const facts = await sessionFacts(db, sessionId);
  const [row] = await db
    .select({
      version: gameSessions.version,
      status: gameSessions.status,
      completedAt: gameSessions.completedAt,
      creatorId: gameSessions.creatorId,
      guestId: gameSessions.guestId,
    })
    .from(gameSessions)
    .where(eq(gameSessions.id, sessionId));
  if (!facts || !row) return [];
  const { creatorId, guestId, ...session } = row;
  const members = guestId ? [creatorId, guestId] : [creatorId];
  const list = inSessionOrder((await levelItems(db, facts.levelId)).list, facts.itemOrder);
  const state = await ownPaceState(db, sessionId, members);
  const completed = session.status === 'completed';
  const [level, scores, knowing, guess] = await Promise.all([
    completed ? levelInfo(db, facts.levelId) : undefined,
    completed && !facts.guessing ? finalScores(db, sessionId, facts.game, list, members) : null,
    completed && facts.guessing ? knowingOf(db, sessionId, facts.game, list, creatorId, guestId) : null,
    guessFacts(db, sessionId, facts),
  ]);
  return Promise.all(
    members.map(async (userId) => ({
      userId,
      live: ownPaceView(
        state,
        { game: facts.game, ...session, list, viewerId: userId, otherId: members.find((m) => m !== userId) ?? null },
        { scores, nextLevel: level ? await nextLevelNotice(db, userId, level) : null, guess, knowing },
      ),
    })),
  );
}

/**
 * Completes an own-pace session whose last item both have now answered (submit_answer's `all_answered`): the same
 * completion as live play (completion.ts), for both members. Under the session's row lock, so of two last answers at
 * once only one completes it; a session already completed is left as it is.
 */
export async function completeOwnPace(db: Db, sessionId: string, viewerId: string, clock: Clock = systemClock) {
  const facts = await sessionFacts(db, sessionId);
  if (!facts) throw new SessionError('not_found');
  const list = (await levelItems(db, facts.levelId)).list;
  return db.transaction(async (tx) => {
    const { session, members } = await sessionAccess(tx, sessionId, viewerId, { lock: true });
    if (session.status === 'completed' || members.length < 2) return { completed: false as const, members, endedInvites: [] as EndedInvite[], progressError: null as unknown };
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(responses)
      .where(and(eq(responses.sessionId, sessionId), inArray(responses.userId, members)));
    if (Number(n) < members.length * list.length) return { completed: false as const, members, endedInvites: [] as EndedInvite[], progressError: null as unknown };
    const done = await completeSession(tx, session, members, list.length, clock);
    return { completed: true as const, members, endedInvites: done.endedInvites, progressError: done.progressError };
  });
}

export type OwnPaceCompletion = Awaited<ReturnType<typeof completeOwnPace>>;

/** Own pace: the viewer's own Next, once they have answered the item at their position. Past the last item they wait. */
export async function moveOwnPosition(db: Db, sessionId: string, viewerId: string) {
  const facts = await sessionFacts(db, sessionId);
  if (!facts) throw new SessionError('not_found');
  const list = inSessionOrder((await levelItems(db, facts.levelId)).list, facts.itemOrder);
  const moved = await db.transaction(async (tx) => {
    const access = await sessionAccess(tx, sessionId, viewerId, { lock: true });
    if (access.session.status === 'completed') return { changed: false, version: access.session.version, access };
    assertPlayable(access);
    const [row] = await tx
      .select({ position: sessionPositions.position })
      .from(sessionPositions)
      .where(and(eq(sessionPositions.sessionId, sessionId), eq(sessionPositions.userId, viewerId)));
    const position = row?.position ?? 0;
    const item = list[position];
    if (!item) return { changed: false, version: access.session.version, access };
    const [answered] = await tx
      .select({ userId: responses.userId })
      .from(responses)
      .where(and(eq(responses.sessionId, sessionId), eq(responses.itemId, item.id), eq(responses.userId, viewerId)));
    if (!answered) throw new SessionError('not_answered_yet');
    await tx
      .insert(sessionPositions)
      .values({ sessionId, userId: viewerId, position: position + 1 })
      .onConflictDoUpdate({ target: [sessionPositions.sessionId, sessionPositions.userId], set: { position: position + 1 } });
    const [{ version }] = await tx.update(gameSessions).set({ version: nextVersion() }).where(eq(gameSessions.id, sessionId)).returning({ version: gameSessions.version });
    return { changed: true, version, access };
  });
  return { ...moved, game: facts.game, members: moved.access.members };
}

/**
 * The host of a live session plays it at their own pace instead, typically while the partner has not come: each
 * member's position starts where the shared item is (every item before it both have answered), and the pace is kept
 * from then on. Host only; asking again changes nothing.
 */
export async function switchToOwnPace(db: Db, sessionId: string, viewerId: string) {
  if (!isSessionId(sessionId)) throw new SessionError('not_found');
  return db.transaction(async (tx) => {
    const access = await sessionAccess(tx, sessionId, viewerId, { lock: true });
    if (access.role !== 'host') throw new SessionError('host_only');
    if (access.session.status === 'completed') throw new SessionError('completed');
    assertPlayable(access);
    if (access.session.pace === 'own') return { changed: false, members: access.members };
    const seats = [access.session.creatorId, access.partner?.id].filter((id): id is string => !!id);
    if (seats.length) {
      await tx
        .insert(sessionPositions)
        .values(seats.map((userId) => ({ sessionId, userId, position: access.session.currentIndex })))
        .onConflictDoUpdate({ target: [sessionPositions.sessionId, sessionPositions.userId], set: { position: access.session.currentIndex } });
    }
    await tx.update(gameSessions).set({ pace: 'own', version: nextVersion() }).where(eq(gameSessions.id, sessionId));
    return { changed: true, members: access.members };
  });
}
