import { sql } from 'drizzle-orm';
import { gameSessions } from '../../db/schema';

/**
 * `version = version + 1`, set in the very statement that makes a change players see (a move, the completion;
 * answers bump it in submit_answer). Each bump is pushed as one event, so a client can tell it missed one.
 */
export const nextVersion = () => sql`${gameSessions.version} + 1`;
