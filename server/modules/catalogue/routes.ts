import type { FastifyInstance } from 'fastify';
import { getCategories } from '@core/contracts/catalogue';
import { resolveGameType, UnknownGameTypeError } from '@core/games';
import type { Db } from '../../db/client';
import { refuse } from '../../domain-errors';
import { route } from '../../http/route';
import { getMe } from '../account/service';
import { lastPace, listCategories } from './service';

export async function catalogueRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, getCategories, async ({ params, viewer }) => {
    let game;
    try {
      game = resolveGameType(params.gameType);
    } catch (err) {
      if (err instanceof UnknownGameTypeError) throw refuse('UNKNOWN_GAME_TYPE', err.message);
      throw err;
    }
    const me = await getMe(opts.db, viewer.id);
    const [categories, pace] = await Promise.all([listCategories(opts.db, game, viewer.id, me.gold), lastPace(opts.db, [viewer.id, me.partner?.id], game)]);
    return { game, gold: me.gold, pace, categories };
  });
}
