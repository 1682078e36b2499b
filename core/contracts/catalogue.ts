/** A game's categories and levels, with the couple's progress and what locks each level. */
import { z } from 'zod';
import type { LevelLock } from '../levels';
import { gameTypeSchema, paceSchema } from './common';
import { defineEndpoint } from './endpoint';

export const levelLockSchema = z.enum(['open', 'gold', 'progress']) satisfies z.ZodType<LevelLock>;

export const levelSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  description: z.string(),
  free: z.boolean(),
  itemCount: z.number().int(),
  completed: z.boolean(),
  lock: levelLockSchema,
  /** How its items may be played (core/guessing.ts): the ordinary way only, either way, or only by guessing. */
  play: z.enum(['ordinary', 'either', 'guessing']),
});
export type Level = z.infer<typeof levelSchema>;

/** icon: a lucide icon name (kebab-case) from the content, for the category's card; null when it names none. */
export const categorySchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), description: z.string(), icon: z.string().nullable(), levels: z.array(levelSchema) });
export type Category = z.infer<typeof categorySchema>;

export const getCategories = defineEndpoint({
  method: 'GET',
  path: '/api/games/:gameType/categories',
  tags: ['games'],
  auth: 'required',
  summary: "A game's categories and levels, with the viewer's progress and locks",
  params: z.object({ gameType: z.string().max(40) }),
  /** gold: Lifetime Gold, the user's own or the partner's. pace: the couple's last choice of pace for this game. */
  response: { 200: z.object({ game: gameTypeSchema, gold: z.boolean(), pace: paceSchema, categories: z.array(categorySchema) }) },
});
export type Categories = z.infer<(typeof getCategories.response)[200]>;
