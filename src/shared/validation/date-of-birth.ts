/** Spec §5: date of birth required and valid (a real calendar date, not in the future, after 1900). */
import * as z from 'zod/mini';
import { isValidBirthday } from './birthday';

export { ageOn, isValidBirthday } from './birthday';

/** YYYY-MM-DD; `now` is injectable so the API checks against its own clock. */
export function dateOfBirthSchema(now: () => number = Date.now) {
  return z.string().check(
    z.minLength(1, 'error.input.birthday-required'),
    z.refine((v) => isValidBirthday(v, now()), 'error.input.birthday-invalid'),
  );
}
