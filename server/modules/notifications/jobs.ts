import type { JobQueue } from '../../jobs/queue';
import { type MailDeps, nudgeMailJob, reminderJob, sendNudgeMail, sendReminder } from './mail-jobs';
import { deliverToDevice, pushJob } from './push-jobs';
import { REMINDER_TICK_CRON, reminderTickJob, sendDueReminders } from './reminders';

/** The notifications' jobs (mail, push to each device) and their tick, on the app's queue (registered before it starts). */
export function registerNotificationJobs(jobs: JobQueue, deps: MailDeps) {
  jobs.work(nudgeMailJob, ({ nudgeId }) => sendNudgeMail(deps, nudgeId));
  jobs.work(reminderJob, (data) => sendReminder(deps, data));
  jobs.work(pushJob, (data) => deliverToDevice(deps, data));
  jobs.work(reminderTickJob, async () => void (await sendDueReminders(deps, jobs)));
  jobs.every(reminderTickJob, REMINDER_TICK_CRON);
}
