import type { SessionAnsweredEvent, SessionLive } from '@core/contracts/sessions';
import { definitionOf } from '@core/game-definitions';
import { type Clock, systemClock } from '../../clock';
import { type Db, queryRows } from '../../db/client';
import { isSessionId, sessionAccess } from './access';
import { NOT_IN_SESSION, SessionError, type SessionRefusal } from './errors';
import { cachedLevelItems, cachedSessionFacts, levelItems, sessionFacts } from './level-items';
import { completeOwnPace, ownPaceViews } from './own-pace';
import { guessingAnswer } from './guessing';
import { memberViews } from './member-views';
import { liveView } from './redaction';

interface AnswerRow {
  /** 'unchanged': the same answer again, which changes nothing (server/db/functions.sql). */
  outcome: 'ok' | 'unchanged' | 'not_found' | 'denied' | 'completed' | 'read_only' | 'moved_on' | 'answered' | 'revealed' | 'current';
  item_id: string | null;
  both_answered: boolean;
  version: number | null;
  current_index: number | null;
  other_answer: unknown;
  /** At your own pace: both members have now answered every item (server/db/functions.sql). */
  all_answered: boolean;
  pace: 'live' | 'own' | null;
}

async function callSubmitAnswer(db: Db, clock: Clock, sessionId: string, viewerId: string, itemId: string | null, answer: unknown, keepFirst: boolean) {
  const [row] = await queryRows<AnswerRow>(db, 'select * from submit_answer($1::uuid, $2, $3::uuid, $4::jsonb, $5::boolean, $6::timestamptz)', [
    sessionId,
    viewerId,
    itemId,
    JSON.stringify(answer),
    keepFirst,
    clock.now().toISOString(),
  ]);
  if (row.outcome !== 'ok' && row.outcome !== 'current' && row.outcome !== 'unchanged') throw new SessionError(row.outcome satisfies SessionRefusal);
  return row as AnswerRow & { item_id: string; current_index: number };
}

export interface AnswerResult {
  itemId: string;
  bothAnswered: boolean;
  /** The answering player's own view: their POST's reply, so their screen never reads the session again. */
  live: SessionLive;
  /**
   * Live: what the room hears: the other member's screen applies it; the answer only once both have answered. For a
   * replay, the same event again at the same version: a screen that has it ignores it, one that missed it (the app
   * stopped between the commit and the event) applies it.
   */
  event: SessionAnsweredEvent | null;
  /** The same answer again (a replay of the web's outbox): nothing changed, no version, nothing counted. */
  replayed: boolean;
  /** At your own pace: each member's own view, pushed to each (own-pace.ts); the completion when this answer was the last. */
  ownPace: { views: { userId: string; live: SessionLive }[]; completion: Awaited<ReturnType<typeof completeOwnPace>> | null } | null;
  /** Live guessing: each member's own view, pushed to each (member-views.ts). */
  views: { userId: string; live: SessionLive }[];
}

/**
 * One answer per player per item (unique key): replaced on resubmission until both have answered, except in a scored
 * game, where the first answer stands because its reply showed the solution (a different one is refused, 409
 * ANSWER_FINAL; the same one again, a retry, is accepted). Once both answers are revealed they stand in every game
 * (409 ANSWER_REVEALED). Only for the current item of an
 * active session: the shared one live, the answering member's own at their own pace (own-pace.ts). The write is one call to `submit_answer` (server/db/functions.sql), which locks the session row so
 * that an answer and the host's "next" cannot interleave, and, of two racing answers, the second sees the first;
 * it bumps the session's version with the answer. The game and the level's items are cached (immutable), so the
 * answer is checked before any write.
 */
export async function submitAnswer(
  db: Db,
  sessionId: string,
  viewerId: string,
  input: { itemId?: string; answer?: unknown; guess?: unknown },
  clock: Clock = systemClock,
): Promise<AnswerResult> {
  if (!isSessionId(sessionId)) throw new SessionError('not_found');
  // Known facts and loaded items are read at once: no promise, no turn of the event loop, on most answers.
  const facts = cachedSessionFacts(db, sessionId) ?? (await sessionFacts(db, sessionId));
  if (!facts) throw new SessionError('not_found');
  // Who may ask comes before what they sent: a stranger learns nothing from a bad answer's error.
  const refuse = async (error: SessionError): Promise<never> => {
    await sessionAccess(db, sessionId, viewerId);
    throw error;
  };
  if (input.answer === undefined || input.answer === null || input.answer === '') return refuse(new SessionError('missing_answer'));
  const def = definitionOf(facts.game);
  const parsed = def.answer.safeParse(input.answer);
  if (!parsed.success) return refuse(new SessionError('invalid_answer', parsed.error.issues[0]?.message));
  const { byId } = cachedLevelItems(db, facts.levelId) ?? (await levelItems(db, facts.levelId));

  if (!facts.guessing && input.guess !== undefined) return refuse(new SessionError('not_guessing'));
  // Guessing, nothing is shown before both have answered, so an answer may be changed until then in every game.
  const keepFirst = def.scored && !facts.guessing;
  let itemId: string;
  if (input.itemId === undefined) itemId = (await callSubmitAnswer(db, clock, sessionId, viewerId, null, null, keepFirst)).item_id;
  else if (byId.has(input.itemId)) itemId = input.itemId;
  // An item of another level is no answer to this session at all (400); one of its own level that is not the current
  // one is the session having moved on (409, below).
  else return refuse(new SessionError('invalid_answer', NOT_IN_SESSION));
  const item = byId.get(itemId)!;
  if (!def.accepts(item.payload, parsed.data)) return refuse(new SessionError('invalid_answer'));
  let stored: unknown = parsed.data;
  if (facts.guessing) {
    try {
      stored = guessingAnswer(facts.game, item, parsed.data, input.guess);
    } catch (err) {
      return refuse(err as SessionError);
    }
  }

  const row = await callSubmitAnswer(db, clock, sessionId, viewerId, itemId, stored, keepFirst);
  const replayed = row.outcome === 'unchanged';
  if (row.pace === 'own') {
    // The last answer of the two completes the session, as the host's Next past the last item does in live play.
    const completion = row.all_answered && !replayed ? await completeOwnPace(db, sessionId, viewerId, clock) : null;
    const views = await ownPaceViews(db, sessionId);
    const live = views.find((v) => v.userId === viewerId)?.live;
    if (!live) throw new SessionError('not_found');
    return { itemId, bothAnswered: row.both_answered, live, event: null, replayed, ownPace: { views, completion }, views: [] };
  }
  if (facts.guessing) {
    // Each member sees their own guess, and the other's only once both answered: each gets their own view.
    const views = await memberViews(db, sessionId);
    const live = views.find((v) => v.userId === viewerId)?.live;
    if (!live) throw new SessionError('not_found');
    return { itemId, bothAnswered: row.both_answered, live, event: null, replayed, ownPace: null, views: replayed ? [] : views };
  }
  const version = row.version!;
  const live = liveView({
    game: facts.game,
    version,
    status: 'active',
    currentIndex: row.current_index,
    completedAt: null,
    pace: 'live',
    item,
    mine: parsed.data,
    theirs: row.other_answer,
  });
  const event = { sessionId, version, userId: viewerId, itemId, bothAnswered: row.both_answered, answer: row.both_answered ? parsed.data : null };
  return { itemId, bothAnswered: row.both_answered, live, event, replayed, ownPace: null, views: [] };
}
