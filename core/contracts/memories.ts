/**
 * Memories (docs/product/memories.md): every session and daily question a person shared, to read again, search,
 * star and take away. What a memory shows is what the screens show: a partner's answer only once both answered.
 */
import { z } from 'zod';
import { GUESS_MARKS } from '../guessing';
import { messages } from '../messages';
import { gameTypeSchema, okResponse } from './common';
import { defineEndpoint } from './endpoint';

const tags = ['memories'];

/** The other member: a partner, a former partner, or someone whose account is gone ("a former partner"). */
const otherSchema = z.object({ id: z.string(), username: z.string() }).nullable();

export const sessionMemorySchema = z.object({
  kind: z.literal('session'),
  id: z.string(),
  game: gameTypeSchema,
  /** "Deep Talk · Level 2". */
  level: z.string(),
  with: otherSchema,
  at: z.string(),
  completedAt: z.string().nullable(),
  pace: z.enum(['live', 'own']),
  /** Played by guessing each other's answers (core/guessing.ts). */
  guessing: z.boolean(),
  /** Items the viewer answered, and of them the starred. */
  answered: z.number().int(),
  starred: z.number().int(),
});

export const dayMemorySchema = z.object({
  kind: z.literal('daily'),
  day: z.string(),
  /** The couple's two accounts, low then high by id: with the day, the memory's address. */
  pair: z.tuple([z.string(), z.string()]),
  question: z.string(),
  with: otherSchema,
  at: z.string(),
  /** Both answered: the two answers are there to read. */
  both: z.boolean(),
  starred: z.boolean(),
});

export const memorySchema = z.discriminatedUnion('kind', [sessionMemorySchema, dayMemorySchema]);
export type Memory = z.infer<typeof memorySchema>;

/** What to list: one activity ('daily' for the daily question), text to find, only the starred. */
export const memoriesQuerySchema = z
  .object({
    activity: z.union([gameTypeSchema, z.literal('daily')], { error: messages.http.badRequest }).optional(),
    q: z.string().max(100, messages.memories.searchTooLong).optional(),
    starred: z.enum(['true', 'false'], { error: messages.http.badRequest }).optional(),
  })
  .strict();

export const listMemories = defineEndpoint({
  method: 'GET',
  path: '/api/memories',
  tags,
  auth: 'required',
  summary: 'Every session and daily question you shared, newest first; filtered by activity, text or star',
  query: memoriesQuerySchema,
  response: { 200: z.object({ memories: z.array(memorySchema) }) },
});

/** One item of a session as a memory: the words of the item and of each answer the viewer may read. */
export const memoryItemSchema = z.object({
  itemId: z.string(),
  position: z.number().int(),
  prompt: z.string(),
  mine: z.string().nullable(),
  partner: z.string().nullable(),
  /** The partner answered, though their words stay hidden until the viewer answers too. */
  partnerAnswered: z.boolean(),
  /** Their account is gone: "answer removed" where their answer was. */
  partnerRemoved: z.boolean(),
  /** Scored games: whether each answer was right. */
  correct: z.object({ mine: z.boolean().nullable(), partner: z.boolean().nullable() }).nullable(),
  /**
   * Guess my answer (core/guessing.ts): the viewer's role on the item, each one's guess as words (the partner's once
   * both answered) and, written, the answering partner's mark. Written, `mine`/`partner` hold only an answer, never a guess.
   */
  guess: z.object({ role: z.enum(['both', 'answerer', 'guesser']), mine: z.string().nullable(), partner: z.string().nullable(), mark: z.enum(GUESS_MARKS).nullable() }).nullable(),
  starred: z.boolean(),
});

export const getSessionMemory = defineEndpoint({
  method: 'GET',
  path: '/api/memories/sessions/:id',
  tags,
  auth: 'required',
  summary: 'One session as a memory: each item with both answers (a partner’s once both answered)',
  params: z.object({ id: z.string().max(64) }),
  response: { 200: z.object({ memory: sessionMemorySchema, items: z.array(memoryItemSchema) }) },
});

export const getDayMemory = defineEndpoint({
  method: 'GET',
  path: '/api/memories/days/:low/:high/:day',
  tags,
  auth: 'required',
  summary: 'One daily question as a memory',
  params: z.object({ low: z.string().max(64), high: z.string().max(64), day: z.string().max(32) }),
  response: { 200: z.object({ memory: dayMemorySchema, mine: z.string().nullable(), partner: z.string().nullable(), partnerRemoved: z.boolean() }) },
});

/** A star is the couple's: either may set or clear it, and both see it. */
export const starTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('item'), sessionId: z.string().max(64), itemId: z.string().max(64) }).strict(),
  z.object({ kind: z.literal('daily'), low: z.string().max(64), high: z.string().max(64), day: z.string().max(32) }).strict(),
]);
export type StarTarget = z.infer<typeof starTargetSchema>;

export const setStar = defineEndpoint({
  method: 'PUT',
  path: '/api/memories/stars',
  tags,
  auth: 'required',
  summary: 'Star or unstar an item of a session or a daily question, for both partners',
  body: z.object({ target: starTargetSchema, starred: z.boolean() }).strict(),
  response: { 200: okResponse },
});
