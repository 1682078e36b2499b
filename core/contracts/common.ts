/** Small shapes several domains' contracts share. */
import { z } from 'zod';
import { GAME_TYPES } from '../games';

export const gameTypeSchema = z.enum(GAME_TYPES);
/** Another user as a screen names them. */
export const personSchema = z.object({ id: z.string(), username: z.string() });
export type Person = z.infer<typeof personSchema>;
export const okResponse = z.object({ ok: z.literal(true) });
