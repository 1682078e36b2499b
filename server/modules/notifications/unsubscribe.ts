import { type MailKind, settingOfKind } from '@core/notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { updateSettings } from './settings';
import { readUnsubscribeToken } from './unsubscribe-token';

/**
 * Turns off the kind of mail a signed token names (docs/product/notifications.md#unsubscribing): no login, and the
 * same answer however often it is used. An account deleted since has nothing left to turn off.
 */
export async function unsubscribeByToken(db: Db, clock: Clock, secret: string, token: string): Promise<MailKind> {
  const { userId, kind } = readUnsubscribeToken(secret, clock, token);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (user) await updateSettings(db, userId, { [settingOfKind[kind]]: false }, clock.now());
  return kind;
}
