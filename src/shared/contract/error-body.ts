/**
 * The body of every error response (spec §8): `{ code, message }`, with the
 * code also in the x-error-code header. The message is for logs, never UI
 * copy. The reference API sends it and documents it in the OpenAPI output;
 * the islands' client reads only the code and the message (./http holds the
 * wire constants it needs), so this schema stays out of the browser.
 */
import * as z from 'zod/mini';
import { ERROR_CODES } from '../errors/codes';

export const errorBodySchema = z.object({
  code: z.union([z.enum(ERROR_CODES), z.string()]),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
