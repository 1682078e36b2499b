import type { FastifyInstance } from 'fastify';
import { getDayMemory, getSessionMemory, listMemories as listEndpoint, setStar as starEndpoint } from '@core/contracts/memories';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import type { Realtime } from '../../realtime/server';
import { exportMemories } from './export';
import { exportEndpoint } from '@core/contracts/memories-export';
import { dayMemory, listMemories, sessionMemory, setStar, summary } from './service';

/**
 * Memories (docs/product/memories.md): each route reads only the viewer's own shared history; another's session or
 * day is a 404, whoever asks.
 */
export async function memoriesRoutes(app: FastifyInstance, { db, clock, realtime }: { db: Db; clock: Clock; realtime: Realtime }) {
  route(app, listEndpoint, async ({ viewer, query }) => ({
    memories: await listMemories(db, viewer.id, { activity: query.activity, q: query.q, starred: query.starred === 'true' }),
  }));

  route(app, getSessionMemory, async ({ viewer, params }) => {
    const memory = await sessionMemory(db, viewer.id, params.id);
    return { memory: summary(memory) as Extract<ReturnType<typeof summary>, { kind: 'session' }>, items: memory.items };
  });

  route(app, getDayMemory, async ({ viewer, params }) => {
    const memory = await dayMemory(db, viewer.id, [params.low, params.high], params.day);
    return { memory: summary(memory) as Extract<ReturnType<typeof summary>, { kind: 'daily' }>, mine: memory.mine, partner: memory.partner, partnerRemoved: memory.partnerRemoved };
  });

  route(app, starEndpoint, async ({ viewer, body }) => {
    const { pair } = await setStar(db, clock, viewer.id, body.target, body.starred);
    // The star is the couple's: the other member's Memories hears it live.
    const other = pair[0] === viewer.id ? pair[1] : pair[0];
    realtime.toUser(other, 'memory:starred', { starred: body.starred });
    return { ok: true as const };
  });

  route(app, exportEndpoint, async ({ viewer, reply }) => {
    reply.header('content-disposition', 'attachment; filename="twogether-memories.json"');
    return exportMemories(db, clock, viewer.id);
  });
}
