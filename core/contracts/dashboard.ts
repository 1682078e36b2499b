/** The home screen's couple dashboard, in one call. */
import { z } from 'zod';
import { gameTypeSchema, personSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * What waits for the viewer (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell): a daily question theirs to
 * answer, or an own-pace session in which the partner answered items they have not (`waiting` of them).
 */
export const yourTurnSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily'), day: z.string(), today: z.boolean(), partnerAnswered: z.boolean() }),
  z.object({ kind: z.literal('session'), sessionId: z.string(), game: gameTypeSchema, waiting: z.number().int() }),
]);
export type YourTurn = z.infer<typeof yourTurnSchema>;

export const dashboardSchema = z.object({
  partner: personSchema.nullable(),
  /** When they linked; the browser counts the days together in the viewer's time zone. */
  linkedAt: z.string().nullable(),
  counts: z.record(gameTypeSchema, z.number().int()),
  /** Sessions of every game together. */
  gamesPlayed: z.number().int(),
  questionsAnswered: z.number().int(),
  /**
   * Guess my answer (docs/product/guess-my-answer.md): the couple's best "know each other" score per activity, from
   * their completed guessing sessions: right guesses of both together, of how many. Only activities they played so.
   */
  knowEachOther: z.array(z.object({ game: gameTypeSchema, knew: z.number().int(), of: z.number().int() })),
  recent: z.array(z.object({ id: z.string(), game: gameTypeSchema, createdAt: z.string() })),
  /** Newest first: today's question, then sessions, then earlier days. Empty without a partner. */
  yourTurn: z.array(yourTurnSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Sessions by either partner. The server answers from a cached JSON string; the schema documents and types it. */
export const getDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/dashboard',
  tags: ['dashboard'],
  auth: 'required',
  summary: "The couple's counts, recent moments and days together, in one call",
  response: { 200: dashboardSchema },
});

export const yourTurnResponse = dashboardSchema.pick({ partner: true, yourTurn: true });

/** The bell's "your turn" entries: the dashboard's, from the same cached dashboard. */
export const getYourTurn = defineEndpoint({
  method: 'GET',
  path: '/api/your-turn',
  tags: ['dashboard'],
  auth: 'required',
  summary: 'What waits for you: a daily question yours to answer, own-pace sessions where your partner answered ahead',
  response: { 200: yourTurnResponse },
});
