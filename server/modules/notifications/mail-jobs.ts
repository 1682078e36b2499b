import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { YourTurnEntry } from '@core/daily';
import { gameDefinitions } from '@core/game-definitions';
import { type MailKind, isQuietAt, mailKindNames, reminderKey, settingOfKind } from '@core/notifications';
import { routes } from '@core/routes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { gameSessions, nudges, users } from '../../db/schema';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { type Unsubscribe, dailyReminderMail, nudgeMail, yourTurnReminderMail } from '../../mail/templates';
import { yourTurn } from '../dashboard/your-turn';
import { dailyPush, waitingWords, yourTurnPush } from './push-messages';
import { type PushJobDeps, pushToDevices } from './push-jobs';
import { settingsOf } from './settings';
import { unsubscribeToken } from './unsubscribe-token';

/**
 * The mail of nudges and reminders, each a job (docs/decisions/036): retried with backoff when the mail server
 * refuses, a dead letter logged after the last try. A job checks again when it runs, so a setting turned off, an
 * address no longer verified, or a turn taken meanwhile sends nothing.
 */
export const nudgeMailJob = defineJob<{ nudgeId: string }>('mail.nudge', { retryLimit: 5, retryDelaySeconds: 30, backoff: true });

export type ReminderKind = Exclude<MailKind, 'nudge'>;
export const reminderJob = defineJob<{ userId: string; kind: ReminderKind; day: string }>('mail.reminder', { retryLimit: 5, retryDelaySeconds: 30, backoff: true });

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** The app's auth secret: unsubscribe links are signed with it. */
  secret: string;
  /** A reminder's push messages are jobs of their own, one per device. */
  jobs: Pick<JobQueue, 'send'>;
  push: PushJobDeps['push'];
}

/** How long a push service keeps a message for a device that is off: a reminder is stale after half a day. */
const REMINDER_TTL_SECONDS = 12 * 60 * 60;

/** The way out of one kind of mail: the page for a person, the one-click address for their mail provider. */
function unsubscribeFor(deps: MailDeps, userId: string, kind: MailKind): Unsubscribe {
  const token = encodeURIComponent(unsubscribeToken(deps.secret, deps.clock, userId, kind));
  return { url: `${deps.appUrl}/unsubscribe?token=${token}`, oneClickUrl: `${deps.appUrl}/api/unsubscribe?token=${token}`, what: mailKindNames[kind] };
}

/** Whom a mail of this kind may go to now: a verified address and the kind on. */
async function recipient(deps: Pick<MailDeps, 'db'>, userId: string, kind: MailKind) {
  const [user] = await deps.db
    .select({ email: users.email, username: users.name, verified: users.emailVerified, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const settings = await settingsOf(deps.db, userId);
  if (!settings[settingOfKind[kind]]) return null;
  return { ...user, settings };
}

/** Where a nudge points and in what words: "in Would You Rather" and the session's screen, or the daily question. */
export async function nudgeAbout(db: Db, nudge: { kind: 'session' | 'daily'; target: string; receiverId: string }) {
  if (nudge.kind === 'daily') return { what: 'to answer the daily question', path: routes.daily, tag: `nudge:daily:${nudge.target}` };
  const [session] = await db.select({ game: gameSessions.game, creatorId: gameSessions.creatorId }).from(gameSessions).where(eq(gameSessions.id, nudge.target));
  if (!session) return null;
  const game = session.game;
  const path = session.creatorId === nudge.receiverId ? routes.hostSession(game, nudge.target) : routes.session(game, nudge.target);
  return { what: `in ${gameDefinitions[game].displayName}`, path, tag: `nudge:session:${nudge.target}` };
}

const senders = alias(users, 'sender');

/** A nudge's mail, to the partner it was for: where to go, and what waits there. */
export async function sendNudgeMail(deps: MailDeps, nudgeId: string): Promise<void> {
  const [nudge] = await deps.db
    .select({ receiverId: nudges.receiverId, kind: nudges.kind, target: nudges.target, senderName: senders.name, senderPartner: senders.partnerId })
    .from(nudges)
    .innerJoin(senders, eq(senders.id, nudges.senderId))
    .where(eq(nudges.id, nudgeId));
  // The two unlinked since: the nudge is about a couple that is no more.
  if (!nudge || nudge.senderPartner !== nudge.receiverId) return;
  const to = await recipient(deps, nudge.receiverId, 'nudge');
  if (!to?.verified) return;
  const about = await nudgeAbout(deps.db, nudge);
  if (!about) return;
  await deps.mailer.send(
    nudgeMail(to.email, {
      username: to.username,
      partnerName: nudge.senderName,
      about: `it's your turn ${about.what}`,
      url: deps.appUrl + about.path,
      unsubscribe: unsubscribeFor(deps, nudge.receiverId, 'nudge'),
    }),
  );
}

/** The entries of "your turn" that mean the partner waits: sessions they are ahead in, days they answered. */
export const partnerWaits = (e: YourTurnEntry) => e.kind === 'session' || e.partnerAnswered;

/** What waits for `userId` now, for the reminder of this kind: nothing means no mail. */
export async function waitingFor(deps: Pick<MailDeps, 'db' | 'clock'>, userId: string, kind: ReminderKind) {
  const { entries, couple } = await yourTurn(deps.db, deps.clock, userId);
  if (!couple) return null;
  const waiting = kind === 'daily_reminder' ? entries.filter((e) => e.kind === 'daily' && e.today) : entries.filter(partnerWaits);
  return waiting.length ? { waiting, couple } : null;
}

/** The screen an entry of "your turn" opens: the session (as host or guest), or the daily question. */
async function pathOf(db: Db, userId: string, e: YourTurnEntry): Promise<string> {
  if (e.kind === 'daily') return routes.daily;
  const [session] = await db.select({ creatorId: gameSessions.creatorId }).from(gameSessions).where(eq(gameSessions.id, e.sessionId));
  return session?.creatorId === userId ? routes.hostSession(e.game, e.sessionId) : routes.session(e.game, e.sessionId);
}

/**
 * A reminder, checked again as it runs: the setting, quiet hours and that something still waits. It goes by push to
 * the person's devices, and by mail to a confirmed address when no device has push or they chose both
 * (docs/product/notifications.md#what-goes-where). The push jobs are keyed: a retry of this job after a mail
 * failure queues none twice.
 */
export async function sendReminder(deps: MailDeps, { userId, kind, day }: { userId: string; kind: ReminderKind; day: string }): Promise<void> {
  const to = await recipient(deps, userId, kind);
  if (!to || isQuietAt(to.settings, to.timeZone, deps.clock.now())) return;
  const found = await waitingFor(deps, userId, kind);
  if (!found) return;
  const { waiting, couple } = found;
  const partnerName = couple.partner.username;
  const [first] = waiting;
  const message =
    kind === 'daily_reminder' && first.kind === 'daily'
      ? dailyPush(partnerName, first.partnerAnswered, first.day)
      : yourTurnPush(partnerName, waiting, couple.today, await pathOf(deps.db, userId, first));
  const devices = await pushToDevices(deps, userId, message, { key: reminderKey(kind, userId, day), ttlSeconds: REMINDER_TTL_SECONDS });
  if (!to.verified || (devices > 0 && !to.settings.mailWithPush)) return;
  const unsubscribe = unsubscribeFor(deps, userId, kind);
  const base = { username: to.username, partnerName: couple.partner.username, unsubscribe };
  if (kind === 'daily_reminder') {
    const [today] = waiting as Extract<YourTurnEntry, { kind: 'daily' }>[];
    await deps.mailer.send(dailyReminderMail(to.email, { ...base, partnerAnswered: today.partnerAnswered, url: `${deps.appUrl}/daily` }));
    return;
  }
  await deps.mailer.send(yourTurnReminderMail(to.email, { ...base, lines: waiting.map((e) => waitingWords(e, couple.today)), url: `${deps.appUrl}/` }));
}
