import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  createSession as createEndpoint,
  getSession,
  linkAndJoin as linkAndJoinEndpoint,
  markGuess as markEndpoint,
  MOVES,
  moveSession as moveEndpoints,
  type SessionLive,
  submitAnswer as answerEndpoint,
  switchToOwnPace as switchEndpoint,
} from '@core/contracts/sessions';
import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Metrics } from '../../metrics/metrics';
import { route } from '../../http/route';
import { announceLink } from '../partner-links/routes';
import { announceEndedInvites } from './pending-invites';
import type { Realtime } from '../../realtime/server';
import { submitAnswer } from './answers';
import { createSession } from './create';
import { SessionError } from './errors';
import { linkAndJoin, offerLinkIfAllowed } from './link-offer';
import { markGuess } from './marks';
import { memberViews } from './member-views';
import { moveSession, paceOf } from './moves';
import { moveOwnPosition, type OwnPaceCompletion, ownPaceViews, switchToOwnPace } from './own-pace';
import { getSnapshot } from './snapshot';

/** The dashboard counts this game's answers, so an answer or a move that clears them changes it. */
const countsAnswers = (game: GameType) => gameDefinitions[game].dashboardCounts === 'answers';

/**
 * Writes answer with the writer's new state and push the change to the room after the commit, each carrying its
 * version (docs/decisions/017): no screen reads the session again because of a change, its own or the partner's.
 */
export async function sessionRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime; bus: InvalidationBus; clock: Clock; metrics?: Pick<Metrics, 'answerRecorded'> }) {
  const { db, realtime, bus, clock } = opts;

  route(app, createEndpoint, async ({ viewer, body }) => {
    const session = await createSession(db, clock, viewer.id, body.levelId, body.pace, body.guessing);
    bus.publish({ topic: 'dashboard', userIds: [viewer.id] });
    return { session };
  });

  route(app, getSession, async ({ viewer, params }) => {
    try {
      const { snapshot, endedInvites } = await getSnapshot(db, params.id, viewer.id);
      announceEndedInvites(realtime, endedInvites);
      return snapshot;
    } catch (err) {
      // Not a member: the question session of an unpartnered creator may offer the consented link instead.
      if (err instanceof SessionError && err.reason === 'denied') await offerLinkIfAllowed(db, params.id, viewer.id);
      throw err;
    }
  });

  route(app, linkAndJoinEndpoint, async ({ viewer, params }) => {
    const linked = await linkAndJoin(db, params.id, viewer.id, clock);
    announceLink(opts, linked);
    return { partner: linked.partner, linkedAt: linked.linkedAt };
  });

  route(app, answerEndpoint, async ({ viewer, params, body, request }) => {
    const { event, ownPace, replayed, views, ...result } = await submitAnswer(db, params.id, viewer.id, body, clock);
    // Committed: the reply acknowledges it (GET /metrics counts answers per second; a replay is not a new one).
    if (!replayed) opts.metrics?.answerRecorded(result.live.game);
    // Only the other member's screens need it: the writer's apply their reply, and every screen of theirs ignores
    // its own echo (core/session-live.ts), so it is not sent to them (one socket write fewer per answer). A replay's
    // event, at the version its answer made, reaches only a screen that missed it: the others hold that version.
    if (event) realtime.toSession(params.id, 'session:answered', event, { except: viewer.id });
    if (ownPace) announceOwnPace(params.id, ownPace.views, ownPace.completion, request.log);
    for (const { userId, live } of views) realtime.toUser(userId, 'session:updated', { sessionId: params.id, live });
    if (replayed) return result;
    // The dashboard counts the answers of some games (relationship questions: core/game-definitions.ts `dashboard`).
    if (countsAnswers(result.live.game)) bus.publish({ topic: 'dashboard', userIds: [viewer.id] });
    return result;
  });

  /**
   * At your own pace each member sees their own state: each gets it in their user room, the writer's other screens
   * too (their own tab already has it and ignores the same version). A completion this change made is announced as live.
   */
  function announceOwnPace(sessionId: string, views: { userId: string; live: SessionLive }[], completion: OwnPaceCompletion | null, log: FastifyBaseLogger) {
    for (const { userId, live } of views) realtime.toUser(userId, 'session:updated', { sessionId, live });
    // What waits for each of them (the dashboard's "your turn") follows every own-pace answer, in every game.
    bus.publish({ topic: 'dashboard', userIds: views.map((v) => v.userId) });
    if (!completion?.completed) return;
    announceEndedInvites(realtime, completion.endedInvites);
    if (completion.progressError) log.error({ err: completion.progressError, sessionId }, 'level progress could not be recorded');
  }

  route(app, markEndpoint, async ({ viewer, params, body }) => {
    const { changed } = await markGuess(db, clock, params.id, viewer.id, body.itemId, body.mark);
    const views = await memberViews(db, params.id);
    if (changed) for (const { userId, live } of views) realtime.toUser(userId, 'session:updated', { sessionId: params.id, live });
    const live = views.find((v) => v.userId === viewer.id)?.live;
    if (!live) throw new SessionError('not_found');
    // A mark changes how well each knew the other: the dashboard's best score may move.
    bus.publish({ topic: 'dashboard', userIds: views.map((v) => v.userId) });
    return { live };
  });

  route(app, switchEndpoint, async ({ viewer, params }) => {
    const { changed } = await switchToOwnPace(db, params.id, viewer.id);
    const views = await ownPaceViews(db, params.id);
    if (changed) announceOwnPace(params.id, views, null, app.log);
    const live = views.find((v) => v.userId === viewer.id)?.live;
    if (!live) throw new SessionError('not_found');
    return { live };
  });

  for (const move of MOVES) {
    route(app, moveEndpoints[move], async ({ viewer, params, request }) => {
      if (move === 'next' && (await paceOf(db, params.id)) === 'own') {
        const moved = await moveOwnPosition(db, params.id, viewer.id);
        const views = await ownPaceViews(db, params.id);
        if (moved.changed)
          announceOwnPace(
            params.id,
            views.filter((v) => v.userId === viewer.id),
            null,
            request.log,
          );
        const live = views.find((v) => v.userId === viewer.id)?.live;
        if (!live) throw new SessionError('not_found');
        return { status: live.session.status, currentIndex: live.session.currentIndex, completed: live.session.status === 'completed', live };
      }
      const { game, members, answersCleared, progressError, changed, endedInvites, ...result } = await moveSession(db, params.id, viewer.id, move, clock);
      announceEndedInvites(realtime, endedInvites);
      if (progressError) request.log.error({ err: progressError, sessionId: params.id }, 'level progress could not be recorded');
      if (changed) realtime.toSession(params.id, 'session:updated', { sessionId: params.id, live: result.live });
      // Going back clears the answers of the item it lands on: fewer relationship questions answered.
      // So does a completion: a guessing session's score may be the couple's best (the Love Story card).
      if ((answersCleared && countsAnswers(game)) || (changed && result.completed)) bus.publish({ topic: 'dashboard', userIds: members });
      return result;
    });
  }
}
