import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { isQuietAt, reminderKey } from '@core/notifications';
import { dayIn, hourIn } from '@core/time-zone';
import { notificationSettings, users } from '../../db/schema';
import { defineJob, type JobQueue } from '../../jobs/queue';
import { type MailDeps, type ReminderKind, reminderJob, waitingFor } from './mail-jobs';
import { settingsOf } from './settings';

/**
 * The reminders' periodic tick (docs/decisions/036): every 15 minutes, by the app's clock, it finds who is due and
 * sends each reminder as its own job keyed `reminder:<kind>:<user>:<day>`, so two ticks, or two processes ticking
 * at once, send it once. A reminder job checks everything again as it runs (mail-jobs.ts `sendReminder`).
 */
export const reminderTickJob = defineJob<Record<string, never>>('notifications.tick', { retryLimit: 1, retryDelaySeconds: 60, backoff: false });

/** Every quarter of an hour: a daily reminder goes out within 15 minutes of the chosen hour. */
export const REMINDER_TICK_CRON = '*/15 * * * *';

/**
 * Who is due now: people with a partner, a confirmed address or a device with push, and a reminder on, outside their quiet hours; a daily
 * reminder in the hour they chose if today's question waits for them, a "your turn" reminder once a day while their
 * partner waits for them. The day of a key is the person's own.
 */
export async function sendDueReminders(deps: Pick<MailDeps, 'db' | 'clock'>, jobs: Pick<JobQueue, 'send'>): Promise<number> {
  const { db, clock } = deps;
  const candidates = await db
    .select({ userId: users.id, timeZone: users.timeZone })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(
      and(
        // Someone who can hear: a confirmed address, or a device with push on.
        or(eq(users.emailVerified, true), sql`exists (select 1 from push_subscriptions p where p.user_id = ${users.id})`),
        isNotNull(users.partnerId),
        or(eq(notificationSettings.dailyReminder, true), eq(notificationSettings.yourTurnReminder, true)),
      ),
    );
  let sent = 0;
  for (const { userId, timeZone } of candidates) {
    const now = clock.now();
    const settings = await settingsOf(db, userId);
    if (isQuietAt(settings, timeZone, now)) continue;
    const due: ReminderKind[] = [];
    if (settings.dailyReminder && hourIn(timeZone, now) === settings.dailyReminderHour) due.push('daily_reminder');
    if (settings.yourTurnReminder) due.push('your_turn');
    for (const kind of due) {
      if (!(await waitingFor(deps, userId, kind))) continue;
      const day = dayIn(timeZone, now);
      if (await jobs.send(reminderJob, { userId, kind, day }, { key: reminderKey(kind, userId, day) })) sent++;
    }
  }
  return sent;
}
