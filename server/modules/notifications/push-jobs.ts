import { and, eq } from 'drizzle-orm';
import type { PushMessage, PushPayload } from '@core/notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { nudges, pushSubscriptions, users } from '../../db/schema';
import { defineJob, type JobQueue } from '../../jobs/queue';
import { type PushDeps, deliverPush } from '../../push/send';
import { yourTurn } from '../dashboard/your-turn';

/**
 * One message to one device (docs/decisions/054-web-push-per-device.md): a job each, so a device that fails is
 * retried with backoff on its own, as mail is, and one the push service reports gone (404, 410) is deleted.
 */
export interface PushJobData {
  subscriptionId: string;
  message: PushMessage;
  ttlSeconds: number;
  /** A nudge's push checks, as it runs, that the two are still partners. */
  nudgeId?: string;
}

export const pushJob = defineJob<PushJobData>('push.deliver', {
  retryLimit: 5,
  retryDelaySeconds: 30,
  backoff: true,
});

export interface PushJobDeps {
  db: Db;
  clock: Clock;
  /** The sender's configuration; null when this server has no VAPID keys (production without them): no push at all. */
  push: Omit<PushDeps, 'clock'> | null;
}

/** Whether a nudge still stands as it runs: the two may have unlinked while it waited for quiet hours to end. */
async function nudgeStands(db: Db, nudgeId: string): Promise<boolean> {
  const [row] = await db
    .select({ receiverId: nudges.receiverId, senderPartner: users.partnerId })
    .from(nudges)
    .innerJoin(users, eq(users.id, nudges.senderId))
    .where(eq(nudges.id, nudgeId));
  return Boolean(row && row.senderPartner === row.receiverId);
}

/** The job: encrypt for the device, send, and forget a device the push service no longer knows. */
export async function deliverToDevice(deps: PushJobDeps, data: PushJobData): Promise<void> {
  if (!deps.push) return;
  const [sub] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, data.subscriptionId));
  if (!sub) return;
  if (data.nudgeId && !(await nudgeStands(deps.db, data.nudgeId))) return;
  // The badge counts what waits now, not when the message was queued.
  const badge = (await yourTurn(deps.db, deps.clock, sub.userId)).entries.length;
  const payload: PushPayload = { ...data.message, badge };
  const outcome = await deliverPush({ ...deps.push, clock: deps.clock }, sub, JSON.stringify(payload), { ttlSeconds: data.ttlSeconds, urgency: 'normal' });
  if (outcome !== 'sent') await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
}

/**
 * Queues a message for each of a person's devices, each job keyed by `key` and the device (sent once, however often
 * this runs); returns how many devices have push on, 0 when this server has none.
 */
export async function pushToDevices(
  deps: Pick<PushJobDeps, 'db' | 'push'> & { jobs: Pick<JobQueue, 'send'> },
  userId: string,
  message: PushMessage,
  opts: { key: string; ttlSeconds: number; startAt?: Date; nudgeId?: string },
): Promise<number> {
  if (!deps.push) return 0;
  const devices = await deps.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  for (const { id } of devices) {
    await deps.jobs.send(
      pushJob,
      { subscriptionId: id, message, ttlSeconds: opts.ttlSeconds, ...(opts.nudgeId ? { nudgeId: opts.nudgeId } : {}) },
      { key: `${opts.key}:${id}`, ...(opts.startAt ? { startAt: opts.startAt } : {}) },
    );
  }
  return devices.length;
}
