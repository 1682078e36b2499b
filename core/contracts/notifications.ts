/** Nudges, notification settings and the one-click unsubscribe (docs/product/notifications.md). */
import { z } from 'zod';
import { messages } from '../messages';
import { MAIL_KINDS } from '../notifications';
import { gameTypeSchema, personSchema } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['notifications'];
const m = messages.notifications;

const hour = z.number({ error: m.hourInvalid }).int(m.hourInvalid).min(0, m.hourInvalid).max(23, m.hourInvalid);

/** A person's choices of mail (core/notifications.ts holds the defaults: everything off but nudges). */
export const notificationSettingsSchema = z.object({
  dailyReminder: z.boolean(),
  dailyReminderHour: hour,
  yourTurnReminder: z.boolean(),
  nudgeEmails: z.boolean(),
  mailWithPush: z.boolean(),
  quietHours: z.boolean(),
  quietStart: hour,
  quietEnd: hour,
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsSchema>;

const settingsResponse = z.object({ settings: notificationSettingsSchema });

export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/api/me/notifications',
  tags,
  auth: 'required',
  summary: "The signed-in user's notification settings",
  response: { 200: settingsResponse },
});

/** Any of the settings; the others stay as they were. */
export const updateNotificationSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/me/notifications',
  tags,
  auth: 'required',
  summary: "Change some of the signed-in user's notification settings",
  body: notificationSettingsSchema.partial().strict(),
  response: { 200: settingsResponse },
});

/** What a nudge is about: an own-pace session you are ahead in, or a day's question you answered first. */
export const nudgeTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sessionId: z.string().max(64) }),
  z.object({ kind: z.literal('daily'), day: z.string().max(32) }),
]);

export const sendNudge = defineEndpoint({
  method: 'POST',
  path: '/api/nudges',
  tags,
  auth: 'required',
  summary: 'Nudge your partner about something that waits for them: once a day for each session or daily question',
  body: nudgeTargetSchema,
  response: { 200: z.object({ to: personSchema }) },
});

/** What `nudge:received` carries to the nudged partner (core/realtime.ts): who, about what, where to go. */
export const nudgeReceivedEventSchema = z.object({
  from: personSchema,
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('session'), sessionId: z.string(), game: gameTypeSchema }),
    z.object({ kind: z.literal('daily'), day: z.string() }),
  ]),
  at: z.string(),
});
export type NudgeReceivedEvent = z.infer<typeof nudgeReceivedEventSchema>;

export const mailKindSchema = z.enum(MAIL_KINDS);

/**
 * RFC 8058's one-click unsubscribe, the address of a mail's `List-Unsubscribe` header: a mail provider POSTs
 * `List-Unsubscribe=One-Click`, form-encoded, with no login. The token in the address names the person and the kind.
 */
export const unsubscribe = defineEndpoint({
  method: 'POST',
  path: '/api/unsubscribe',
  tags,
  auth: 'none',
  summary: 'Turn one kind of mail off with the signed token of its unsubscribe link (RFC 8058 one-click)',
  query: z.object({ token: z.string({ error: m.unsubscribeInvalid }).min(1, m.unsubscribeInvalid).max(512, m.unsubscribeInvalid) }),
  body: z.object({ 'List-Unsubscribe': z.literal('One-Click', { error: m.unsubscribeInvalid }) }),
  response: { 200: z.object({ ok: z.literal(true), kind: mailKindSchema }) },
});
