/** Small shapes several domains' contracts share. */
import { z } from 'zod';
import { GAME_TYPES } from '../games';

export const gameTypeSchema = z.enum(GAME_TYPES);
/** Another user as a screen names them. */
export const personSchema = z.object({ id: z.string(), username: z.string() });
export type Person = z.infer<typeof personSchema>;
export const okResponse = z.object({ ok: z.literal(true) });
/**
 * How the two play a session (docs/product/sessions-and-games.md#at-your-own-pace): 'live', together on one item the host
 * moves on; 'own', each at their own pace through the same items, each item's answers revealed once both answered it.
 */
export const PACES = ['live', 'own'] as const;
export const paceSchema = z.enum(PACES);
export type Pace = z.infer<typeof paceSchema>;
