import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

/** The one error shape every API failure answers with (DESIGN §5), with its code beside the message. */
export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
