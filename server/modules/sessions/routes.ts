import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { InvalidationBus } from '../../cache/invalidation';
import type { Db } from '../../db/client';
import { parseInput } from '../../http/errors';
import { docs } from '../../http/openapi';
import type { Realtime } from '../../realtime/server';
import { getSnapshot, type Move, moveSession, submitAnswer } from './play';
import { createSession } from './service';

const createBody = z.object({ levelId: z.uuid({ error: 'Level not found' }) });
const idParams = z.object({ id: z.string().max(64) });
const answerBody = z.object({ itemId: z.string().max(64).optional(), answer: z.unknown().optional() });

export async function sessionRoutes(app: FastifyInstance, opts: { db: Db; realtime: Realtime; bus: InvalidationBus }) {
  const { db, realtime, bus } = opts;

  app.post('/api/sessions', { schema: docs({ tags: ['sessions'], summary: 'Create a session for a level the couple can play', body: createBody }) }, async (request, reply) => {
    const viewer = await app.requireViewer(request);
    const { levelId } = parseInput(createBody, request.body);
    const session = await createSession(db, viewer.id, levelId);
    bus.publish({ topic: 'dashboard', userIds: [viewer.id] });
    return reply.status(201).send({ session });
  });

  app.get('/api/sessions/:id', { schema: docs({ tags: ['sessions'], summary: 'The session as this player may see it now', params: idParams }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    const { id } = parseInput(idParams, request.params);
    return getSnapshot(db, id, viewer.id);
  });

  app.post('/api/sessions/:id/answers', { schema: docs({ tags: ['sessions'], summary: 'Answer the current item (replaces your earlier answer)', params: idParams, body: answerBody }) }, async (request) => {
    const viewer = await app.requireViewer(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(answerBody, request.body);
    const { game, ...result } = await submitAnswer(db, id, viewer.id, body);
    realtime.toSession(id, 'session:answered', { sessionId: id, userId: viewer.id, itemId: result.itemId, bothAnswered: result.bothAnswered });
    // The dashboard counts answered relationship questions.
    if (game === 'questions') bus.publish({ topic: 'dashboard', userIds: [viewer.id] });
    return result;
  });

  for (const move of ['next', 'prev', 'shuffle'] as const satisfies readonly Move[]) {
    app.post(`/api/sessions/:id/${move}`, { schema: docs({ tags: ['sessions'], summary: `Host only: ${move}`, params: idParams }) }, async (request) => {
      const viewer = await app.requireViewer(request);
      const { id } = parseInput(idParams, request.params);
      const { game, players, answersCleared, progressError, ...result } = await moveSession(db, id, viewer.id, move);
      if (progressError) request.log.error({ err: progressError, sessionId: id }, 'level progress could not be recorded');
      realtime.toSession(id, 'session:updated', { sessionId: id, currentIndex: result.currentIndex, status: result.status });
      // Going back clears the answers of the item it lands on: fewer relationship questions answered.
      if (answersCleared && game === 'questions') bus.publish({ topic: 'dashboard', userIds: players });
      return result;
    });
  }
}
