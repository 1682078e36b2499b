import { eq } from 'drizzle-orm';
import { quietEndsAt } from '@core/notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Realtime } from '../../realtime/server';
import type { SentNudge } from './nudges';
import { nudgeAbout, nudgeMailJob } from './mail-jobs';
import { nudgePush } from './push-messages';
import { type PushJobDeps, pushToDevices } from './push-jobs';
import { settingsOf } from './settings';

/** A nudge waits a day on a push service for a device that is off; after that it is old news. */
const NUDGE_TTL_SECONDS = 24 * 60 * 60;

export interface NudgeDeliveryDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  jobs: Pick<JobQueue, 'send'>;
  push: PushJobDeps['push'];
}

/**
 * Where a nudge goes, after its commit (docs/product/notifications.md#what-goes-where): live only to a partner who
 * has the app open (decision 036); else by push to each device that has it on, and by mail where nudge mail is on
 * and no device has push, or the person chose both. Push and mail both wait for the end of quiet hours.
 */
export async function deliverNudge(deps: NudgeDeliveryDeps, { id, couple, event }: SentNudge): Promise<void> {
  const partnerId = couple.partner.id;
  if (await deps.realtime.isOnline(partnerId)) {
    deps.realtime.toUser(partnerId, 'nudge:received', event);
    return;
  }
  const settings = await settingsOf(deps.db, partnerId);
  const [partner] = await deps.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, partnerId));
  if (!partner) return;
  const startAt = quietEndsAt(settings, partner.timeZone, deps.clock.now());
  const target = event.target.kind === 'session' ? event.target.sessionId : event.target.day;
  const about = await nudgeAbout(deps.db, { kind: event.target.kind, target, receiverId: partnerId });
  const devices = about
    ? await pushToDevices(deps, partnerId, nudgePush(couple.viewer.username, about), { key: `nudge:${id}`, ttlSeconds: NUDGE_TTL_SECONDS, startAt, nudgeId: id })
    : 0;
  if (settings.nudgeEmails && (devices === 0 || settings.mailWithPush)) await deps.jobs.send(nudgeMailJob, { nudgeId: id }, { key: `nudge:${id}`, startAt });
}
