/**
 * The export of a person's memories (docs/product/memories.md#export): JSON with a versioned schema, made to be
 * extended. A later version adds fields and kinds (guesses will come); it never changes what a field of this one
 * means. docs/product/memories-export.schema.json is this schema as JSON Schema, checked by a test.
 */
import { z } from 'zod';
import { GUESS_MARKS } from '../guessing';
import { gameTypeSchema } from './common';
import { defineEndpoint } from './endpoint';

export const EXPORT_FORMAT = 'twogether-memories';
/** 2 (Guess my answer): a session's `guessing`, an item's `guess`. Version 1 had neither; nothing else changed. */
export const EXPORT_VERSION = 2;

const person = z.object({ id: z.string(), username: z.string() });

const exportedItem = z.object({
  position: z.number().int(),
  prompt: z.string(),
  you: z.string().nullable(),
  partner: z.string().nullable().describe("The other member's answer, once both answered; null before, or when their account was deleted"),
  partnerRemoved: z.boolean(),
  correct: z.object({ you: z.boolean().nullable(), partner: z.boolean().nullable() }).nullable(),
  guess: z
    .object({
      role: z.enum(['both', 'answerer', 'guesser']).describe("Your part: your own pick and a guess ('both'), or, written, the answer or the guess"),
      you: z.string().nullable().describe('Your guess of their answer'),
      partner: z.string().nullable().describe('Their guess of yours, once both answered'),
      mark: z.enum(GUESS_MARKS).nullable().describe("Written: the answering partner's mark on the guess"),
    })
    .nullable()
    .describe('Since version 2: Guess my answer; null in the ordinary way to play'),
  starred: z.boolean(),
});

export const memoriesExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  you: person,
  /** The rule of what this export holds, in the words the app says it (docs/product/memories.md#unlinking-and-deleting). */
  rule: z.string(),
  sessions: z.array(
    z.object({
      id: z.string(),
      activity: gameTypeSchema,
      activityName: z.string(),
      level: z.string(),
      with: person.nullable(),
      startedAt: z.string(),
      completedAt: z.string().nullable(),
      pace: z.enum(['live', 'own']),
      guessing: z.boolean().describe('Since version 2: played by guessing each other’s answers'),
      items: z.array(exportedItem),
    }),
  ),
  days: z.array(
    z.object({
      day: z.string(),
      question: z.string(),
      with: person.nullable(),
      you: z.string().nullable(),
      partner: z.string().nullable(),
      partnerRemoved: z.boolean(),
      starred: z.boolean(),
    }),
  ),
});
export type MemoriesExport = z.infer<typeof memoriesExportSchema>;

export const exportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/memories/export',
  tags: ['memories'],
  auth: 'required',
  summary: 'Everything you shared, as JSON (docs/product/memories-export.schema.json), to keep',
  response: { 200: memoriesExportSchema },
});
