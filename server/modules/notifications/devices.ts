import { and, count, eq, ne } from 'drizzle-orm';
import type { Device } from '@core/contracts/devices';
import { MAX_PUSH_DEVICES } from '@core/limits';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';
import { refuse } from '../../domain-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = { id: pushSubscriptions.id, device: pushSubscriptions.device, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt };
const asDevice = (row: { id: string; device: string; endpoint: string; createdAt: Date }): Device => ({ ...row, createdAt: row.createdAt.toISOString() });

/** A person's devices with notifications on, newest first. */
export async function devicesOf(db: Db, userId: string): Promise<Device[]> {
  const rows = await db.select(columns).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt);
  return rows.reverse().map(asDevice);
}

export interface NewDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}

/**
 * Turns notifications on for a device whose endpoint was already checked (endpointRefusal). The same endpoint again
 * updates its keys; an endpoint another account had on this device moves to this one. The person's row is locked so
 * two devices added at once cannot both pass the limit.
 */
export async function addDevice(db: Db, clock: Clock, userId: string, d: NewDevice): Promise<Device> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, d.endpoint)));
    if (Number(others?.n ?? 0) >= MAX_PUSH_DEVICES) throw refuse('TOO_MANY_DEVICES');
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...d, createdAt: clock.now() })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: d.p256dh, auth: d.auth, device: d.device, createdAt: clock.now() } })
      .returning(columns);
    return asDevice(row);
  });
}

/** Removes one of the person's own devices; anyone else's, like one that does not exist, is 404. */
export async function removeDevice(db: Db, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw refuse('NOT_FOUND');
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (!gone.length) throw refuse('NOT_FOUND');
}

/** Whose device an endpoint is, for the local push service's page: the person's name, or null. */
export async function deviceOwner(db: Db, endpoint: string): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name, device: pushSubscriptions.device })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row ? `${row.name} (${row.device})` : null;
}
