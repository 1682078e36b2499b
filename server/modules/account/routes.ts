import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESET_TOKEN_PATTERN } from '@core/validation';
import type { Db } from '../../db/client';
import { parseInput } from '../../http/errors';
import { docs } from '../../http/openapi';
import { deleteAccount, getMe, isResetTokenValid } from './service';

const deleteSchema = z.object({ confirm: z.literal(true, { error: 'Please confirm that you want to delete your account' }) });
// A token not of Better Auth's shape is not valid: answered without a lookup (NUL or a lone surrogate broke it).
const tokenQuery = z.object({ token: z.string().regex(RESET_TOKEN_PATTERN) });

export interface AccountEvents {
  /** Called after an account is deleted, to tell the former partner live. */
  onDeleted?(userId: string, partnerId: string | null): void;
}

export async function accountRoutes(app: FastifyInstance, opts: { db: Db; events?: AccountEvents }) {
  const { db } = opts;

  // A visitor is a valid answer to "who am I?", not an error: { user: null } with 200.
  app.get('/api/me', { schema: docs({ tags: ['account'], summary: 'The signed-in user with partner and plan, or null for a visitor' }) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const viewer = await app.currentViewer(request);
    return { user: viewer ? await getMe(db, viewer.id) : null };
  });

  app.delete('/api/account', { schema: docs({ tags: ['account'], summary: 'Delete the account and its data; unlinks the partner', body: deleteSchema }) }, async (request, reply) => {
    const viewer = await app.requireViewer(request);
    parseInput(deleteSchema, request.body);
    const { partnerId } = await deleteAccount(db, viewer.id);
    opts.events?.onDeleted?.(viewer.id, partnerId);
    // The session rows went with the user; clear the browser's cookie under its real name (__Secure- on https).
    const { name, attributes } = (await app.auth.$context).authCookies.sessionToken;
    reply.header('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`);
    return { ok: true };
  });

  app.get('/api/account/reset-token', { schema: docs({ tags: ['account'], summary: 'Whether a password-reset token is still valid', querystring: tokenQuery }) }, async (request) => {
    const result = tokenQuery.safeParse(request.query);
    return { valid: result.success ? await isResetTokenValid(db, result.data.token) : false };
  });
}
