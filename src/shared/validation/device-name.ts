/**
 * Spec §5 trusted-device name: required, 1 to 128 characters, with the
 * spec's three messages (empty, too long, not valid).
 */
import * as z from 'zod/mini';

export const DEVICE_NAME_MAX = 128;

export const deviceNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'error.input.trusted-device-name'),
  z.maxLength(DEVICE_NAME_MAX, 'error.input.length.device-name'),
  // Control characters and markup brackets have no place in a name shown in lists and emails.
  z.refine((v) => !/[\p{Cc}\p{Cf}<>]/u.test(v), 'error.input.not-valid-device-name'),
);
