import { z } from 'zod';
import { errorCodes } from '../error-codes';

export const errorCodeSchema = z.enum(errorCodes);

/** Every error the API answers, whatever the status: one of our codes (core/error-codes.ts), and the message the screen shows. */
export const errorResponse = z.object({ error: z.object({ code: errorCodeSchema, message: z.string() }) });
export type ErrorResponse = z.infer<typeof errorResponse>;
