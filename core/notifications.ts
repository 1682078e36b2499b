/**
 * The rules of nudges and reminder mail (docs/product/notifications.md), pure: the settings' defaults, quiet hours in a
 * person's own time zone, the once-a-day keys, and the unsubscribe token's payload. The server signs and sends; the
 * web shows the same defaults.
 */
import { hourIn } from './time-zone';

/** The kinds of mail a person can turn off, each a switch of their settings (and of an unsubscribe link). */
export const MAIL_KINDS = ['daily_reminder', 'your_turn', 'nudge'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface NotificationSettings {
  /** A mail at `dailyReminderHour` when today's question waits for you. */
  dailyReminder: boolean;
  dailyReminderHour: number;
  /** At most one mail a day while your partner waits for you (an own-pace session, a day they answered). */
  yourTurnReminder: boolean;
  /** Your partner's nudges by e-mail when you are not in the app. */
  nudgeEmails: boolean;
  /**
   * Mail as well as push. Off: someone with a device that has push on hears by push only, and mail goes to those
   * without one (docs/product/notifications.md#what-goes-where).
   */
  mailWithPush: boolean;
  /** No mail between `quietStart` and `quietEnd` (hours of your own time zone). */
  quietHours: boolean;
  quietStart: number;
  quietEnd: number;
}

/**
 * Everything is off until chosen, except nudges: one person's deliberate nudge is not bulk mail. Quiet hours are a
 * limit rather than a mail, so they are on, from 22:00 to 08:00 (docs/decisions/036).
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  dailyReminder: false,
  dailyReminderHour: 19,
  yourTurnReminder: false,
  nudgeEmails: true,
  mailWithPush: false,
  quietHours: true,
  quietStart: 22,
  quietEnd: 8,
};

/** The setting a kind of mail is sent under: what an unsubscribe link turns off. */
export const settingOfKind = {
  daily_reminder: 'dailyReminder',
  your_turn: 'yourTurnReminder',
  nudge: 'nudgeEmails',
} as const satisfies Record<MailKind, keyof NotificationSettings>;

/** Whether an hour (0-23) lies in the quiet window, which may run over midnight (22 to 8); start = end is no window. */
export function isQuietHour(settings: Pick<NotificationSettings, 'quietHours' | 'quietStart' | 'quietEnd'>, hour: number): boolean {
  const { quietHours, quietStart: start, quietEnd: end } = settings;
  if (!quietHours || start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

export const isQuietAt = (settings: NotificationSettings, timeZone: string, at: Date) => isQuietHour(settings, hourIn(timeZone, at));

const QUARTER_MS = 15 * 60 * 1000;

/**
 * When the quiet hours around `at` end in `timeZone`: the first quarter hour after `at` that is not quiet (a zone's
 * offset may be a half or three quarters of an hour). `at` itself when it is not quiet.
 */
export function quietEndsAt(settings: NotificationSettings, timeZone: string, at: Date): Date {
  if (!isQuietAt(settings, timeZone, at)) return at;
  let t = Math.ceil(at.getTime() / QUARTER_MS) * QUARTER_MS;
  for (let i = 0; i < 4 * 25 && isQuietAt(settings, timeZone, new Date(t)); i++) t += QUARTER_MS;
  return new Date(t);
}

/**
 * What a push message carries to the service worker (web/public/push-handlers.js), encrypted end to end: who and
 * what, never an answer's text. `url` is a path of the app; `badge` what waits for the person's turn.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** A later message with the same tag replaces the notification on the device. */
  tag: string;
}
export type PushPayload = PushMessage & { badge: number };

/** What a nudge is about: an own-pace session, or one day's daily question. */
export type NudgeTarget = { kind: 'session'; sessionId: string } | { kind: 'daily'; day: string };

export const targetId = (target: NudgeTarget) => (target.kind === 'session' ? target.sessionId : target.day);

/** A reminder mail's job key: two ticks, or two processes, never send the same one twice (docs/decisions/036). */
export const reminderKey = (kind: Exclude<MailKind, 'nudge'>, userId: string, day: string) => `reminder:${kind}:${userId}:${day}`;

/** How long an unsubscribe link works: long enough for a mail read late, short enough that old mail goes stale. */
export const UNSUBSCRIBE_LIFETIME_DAYS = 60;

/** What an unsubscribe token names: who, which kind of mail, and until when (seconds since the epoch). */
export interface UnsubscribePayload {
  userId: string;
  kind: MailKind;
  expiresAt: number;
}

/** The token is `<payload>.<signature>`, both base64url; the payload is `<kind>:<expiresAt>:<userId>`. */
export function encodePayload(p: UnsubscribePayload): string {
  return `${p.kind}:${p.expiresAt}:${p.userId}`;
}

export function decodePayload(text: string): UnsubscribePayload | null {
  const match = /^([a-z_]+):(\d{1,12}):(.{1,128})$/.exec(text);
  if (!match || !(MAIL_KINDS as readonly string[]).includes(match[1])) return null;
  return { kind: match[1] as MailKind, expiresAt: Number(match[2]), userId: match[3] };
}

/** The words a mail kind is named by on the unsubscribe page and in the settings. */
export const mailKindNames: Record<MailKind, string> = {
  daily_reminder: 'daily question reminders',
  your_turn: '“your turn” reminders',
  nudge: 'nudges by e-mail',
};
