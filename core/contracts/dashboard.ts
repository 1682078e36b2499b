/** The home screen's couple dashboard, in one call. */
import { z } from 'zod';
import { gameTypeSchema, personSchema } from './common';
import { defineEndpoint } from './endpoint';

export const dashboardSchema = z.object({
  partner: personSchema.nullable(),
  /** When they linked; the browser counts the days together in the viewer's time zone. */
  linkedAt: z.string().nullable(),
  counts: z.record(gameTypeSchema, z.number().int()),
  /** Sessions of every game together. */
  gamesPlayed: z.number().int(),
  questionsAnswered: z.number().int(),
  recent: z.array(z.object({ id: z.string(), game: gameTypeSchema, createdAt: z.string() })),
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
