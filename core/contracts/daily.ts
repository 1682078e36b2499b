/** The daily question (docs/product/daily-question.md): one question a day for every linked couple, free on every plan. */
import { z } from 'zod';
import { DAILY_LIBRARY } from '../daily';
import { gameDefinitions } from '../game-definitions';
import { REVEAL_STATES } from '../reveal';
import { personSchema } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['daily'];

export const dailyStateSchema = z.enum(REVEAL_STATES);

/** One of the couple's days, as one partner may see it: the other's words only once both have answered. */
export const dailyDaySchema = z.object({
  /** The couple's calendar day, YYYY-MM-DD (docs/product/daily-question.md#today). */
  day: z.string(),
  question: z.object({ id: z.string(), text: z.string(), category: z.string() }),
  state: dailyStateSchema,
  /** The viewer's own answer, or null. */
  mine: z.string().nullable(),
  partnerAnswered: z.boolean(),
  /** The partner's answer: null until both have answered. */
  partners: z.string().nullable(),
});
export type DailyDay = z.infer<typeof dailyDaySchema>;

export const dailySchema = z.object({
  today: z.string(),
  partner: personSchema,
  /** Today first, then the earlier of the last 7 days that had a question, newest first. */
  days: z.array(dailyDaySchema),
  /** Days of this month (the couple's month) on which both answered that day's question. */
  answeredTogether: z.number().int(),
});
export type Daily = z.infer<typeof dailySchema>;

export const getDaily = defineEndpoint({
  method: 'GET',
  path: '/api/daily',
  tags,
  auth: 'required',
  summary: "Today's question for the couple (drawn on the first read of the day), the last 7 days and this month's count",
  response: { 200: dailySchema },
});

/** The same answer rules as a session of the library's activity (core/game-definitions.ts): 1 to 1000 characters, trimmed. */
export const dailyAnswerBody = z.object({ answer: gameDefinitions[DAILY_LIBRARY].answer });

export const answerDaily = defineEndpoint({
  method: 'PUT',
  path: '/api/daily/:day/answer',
  tags,
  auth: 'required',
  summary: "Answer a day's question, or change your answer until both of you have answered",
  params: z.object({ day: z.string().max(32) }),
  body: dailyAnswerBody,
  response: { 200: dailySchema },
});

/** What `daily:answered` carries to the partner (core/realtime.ts): their own view, so no answer of yours before theirs. */
export const dailyAnsweredEventSchema = dailySchema;
export type DailyAnsweredEvent = z.infer<typeof dailyAnsweredEventSchema>;
