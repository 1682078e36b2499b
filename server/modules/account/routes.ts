import type { FastifyInstance } from 'fastify';
import { checkResetToken, deleteAccount as deleteAccountEndpoint, getMe as getMeEndpoint, updateMe } from '@core/contracts/account';
import { RESET_TOKEN_PATTERN } from '@core/validation';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { deleteAccount, getMe, isResetTokenValid, setTimeZone } from './service';

export interface AccountEvents {
  /** Called after an account is deleted, to tell the former partner live. */
  onDeleted?(userId: string, partnerId: string | null): void;
  /** Called after a time zone changed: the couple's "today" may have moved. */
  onTimeZoneChanged?(userIds: string[]): void;
}

export async function accountRoutes(app: FastifyInstance, opts: { db: Db; clock: Clock; events?: AccountEvents }) {
  const { db, clock } = opts;

  route(app, getMeEndpoint, async ({ viewer, reply }) => {
    reply.header('cache-control', 'no-store');
    return { user: viewer ? await getMe(db, viewer.id) : null };
  });

  route(app, updateMe, async ({ viewer, body }) => {
    const changed = await setTimeZone(db, viewer.id, body.timeZone);
    if (changed) opts.events?.onTimeZoneChanged?.(changed.userIds);
    return { user: await getMe(db, viewer.id) };
  });

  route(app, deleteAccountEndpoint, async ({ viewer, reply }) => {
    const { partnerId } = await deleteAccount(db, clock, viewer.id);
    opts.events?.onDeleted?.(viewer.id, partnerId);
    // The session rows went with the user; clear the browser's cookie under its real name (__Secure- on https).
    const { name, attributes } = (await app.auth.$context).authCookies.sessionToken;
    reply.header('set-cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`);
    return { ok: true as const };
  });

  // A token not of Better Auth's shape is not valid: answered without a lookup (NUL or a lone surrogate broke it).
  route(app, checkResetToken, async ({ query: { token } }) => ({
    valid: token !== undefined && RESET_TOKEN_PATTERN.test(token) ? await isResetTokenValid(db, token) : false,
  }));
}
