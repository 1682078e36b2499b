import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type YourTurnEntry, dayLabel } from '@core/daily';
import { gameDefinitions } from '@core/game-definitions';
import { type MailKind, isQuietAt, mailKindNames, settingOfKind } from '@core/notifications';
import { routes } from '@core/routes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { gameSessions, nudges, users } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { type Unsubscribe, dailyReminderMail, nudgeMail, yourTurnReminderMail } from '../../mail/templates';
import { yourTurn } from '../dashboard/your-turn';
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
}

/** The way out of one kind of mail: the page for a person, the one-click address for their mail provider. */
function unsubscribeFor(deps: MailDeps, userId: string, kind: MailKind): Unsubscribe {
  const token = encodeURIComponent(unsubscribeToken(deps.secret, deps.clock, userId, kind));
  return { url: `${deps.appUrl}/unsubscribe?token=${token}`, oneClickUrl: `${deps.appUrl}/api/unsubscribe?token=${token}`, what: mailKindNames[kind] };
}

/** Whom a mail of this kind may go to now: a verified address, the kind on, and (for reminders) not in quiet hours. */
async function recipient(deps: MailDeps, userId: string, kind: MailKind) {
  const [user] = await deps.db
    .select({ email: users.email, username: users.name, verified: users.emailVerified, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.verified) return null;
  const settings = await settingsOf(deps.db, userId);
  if (!settings[settingOfKind[kind]]) return null;
  return { ...user, settings };
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
  if (!to) return;
  let about = "it's your turn to answer the daily question";
  let url = `${deps.appUrl}/daily`;
  if (nudge.kind === 'session') {
    const [session] = await deps.db.select({ game: gameSessions.game, creatorId: gameSessions.creatorId }).from(gameSessions).where(eq(gameSessions.id, nudge.target));
    if (!session) return;
    const game = session.game;
    about = `it's your turn in ${gameDefinitions[game].displayName}`;
    url = deps.appUrl + (session.creatorId === nudge.receiverId ? routes.hostSession(game, nudge.target) : routes.session(game, nudge.target));
  }
  await deps.mailer.send(nudgeMail(to.email, { username: to.username, partnerName: nudge.senderName, about, url, unsubscribe: unsubscribeFor(deps, nudge.receiverId, 'nudge') }));
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

const lineOf = (e: YourTurnEntry, today: string) =>
  e.kind === 'session'
    ? `${e.waiting} ${e.waiting === 1 ? 'question' : 'questions'} in ${gameDefinitions[e.game].displayName}`
    : e.today
      ? "today's question"
      : `the question of ${dayLabel(e.day, today)}`;

/** A reminder, checked again as it runs: the setting, the address, quiet hours and that something still waits. */
export async function sendReminder(deps: MailDeps, { userId, kind }: { userId: string; kind: ReminderKind }): Promise<void> {
  const to = await recipient(deps, userId, kind);
  if (!to || isQuietAt(to.settings, to.timeZone, deps.clock.now())) return;
  const found = await waitingFor(deps, userId, kind);
  if (!found) return;
  const { waiting, couple } = found;
  const unsubscribe = unsubscribeFor(deps, userId, kind);
  const base = { username: to.username, partnerName: couple.partner.username, unsubscribe };
  if (kind === 'daily_reminder') {
    const [today] = waiting as Extract<YourTurnEntry, { kind: 'daily' }>[];
    await deps.mailer.send(dailyReminderMail(to.email, { ...base, partnerAnswered: today.partnerAnswered, url: `${deps.appUrl}/daily` }));
    return;
  }
  await deps.mailer.send(yourTurnReminderMail(to.email, { ...base, lines: waiting.map((e) => lineOf(e, couple.today)), url: `${deps.appUrl}/` }));
}
