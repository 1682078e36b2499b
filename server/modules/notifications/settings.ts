import { eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@core/notifications';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema';

const columns = {
  dailyReminder: notificationSettings.dailyReminder,
  dailyReminderHour: notificationSettings.dailyReminderHour,
  yourTurnReminder: notificationSettings.yourTurnReminder,
  nudgeEmails: notificationSettings.nudgeEmails,
  mailWithPush: notificationSettings.mailWithPush,
  quietHours: notificationSettings.quietHours,
  quietStart: notificationSettings.quietStart,
  quietEnd: notificationSettings.quietEnd,
};

/** A person's settings: their row, or the defaults (everything off but nudges) when they never chose. */
export async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select(columns).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_SETTINGS;
}

/** Changes the named settings and keeps the others: the first change writes the row, starting from the defaults. */
export async function updateSettings(db: Db, userId: string, patch: Partial<NotificationSettings>, now: Date): Promise<NotificationSettings> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ ...DEFAULT_NOTIFICATION_SETTINGS, ...patch, userId, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...patch, updatedAt: now } })
    .returning(columns);
  return row;
}
