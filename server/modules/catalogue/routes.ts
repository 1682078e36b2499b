import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CategoriesDto } from '@core/contracts';
import { resolveGameType, UnknownGameTypeError } from '@core/games';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { docs } from '../../http/openapi';
import { getMe } from '../account/service';
import { listCategories } from './service';

const params = z.object({ gameType: z.string().max(40) });

export async function catalogueRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get(
    '/api/games/:gameType/categories',
    { schema: docs({ tags: ['games'], summary: "A game's categories and levels, with the viewer's progress and locks", params }) },
    async (request) => {
      const viewer = await app.requireViewer(request);
      const { gameType } = params.parse(request.params);
      let game;
      try {
        game = resolveGameType(gameType);
      } catch (err) {
        if (err instanceof UnknownGameTypeError) throw badRequest(err.message, 'UNKNOWN_GAME_TYPE');
        throw err;
      }
      const me = await getMe(opts.db, viewer.id);
      const body: CategoriesDto = { game, premium: me.premium, categories: await listCategories(opts.db, game, viewer.id, me.premium) };
      return body;
    },
  );
}
