/** Spec §5 email rule, shared by the portal's forms and the reference API. Messages are i18n keys. */
import * as z from 'zod/mini';
import { EMAIL_MAX, EMAIL_PATTERN } from './email-format';

export { EMAIL_MAX } from './email-format';

export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'error.input.email-required'),
    z.maxLength(EMAIL_MAX, 'error.input.email-invalid'),
    z.regex(EMAIL_PATTERN, 'error.input.email-invalid'),
  );

export { sameEmail } from './password-rules';
