/** Spec §5: date of birth required and valid (a real calendar date, not in the future, after 1900). */
import * as z from 'zod/mini';

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidBirthday(value: string, now: number): boolean {
  const m = SHAPE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2023-02-30 over to March; a real date survives the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1900 && date.getTime() <= now;
}

/** YYYY-MM-DD; `now` is injectable so the API checks against its own clock. */
export function dateOfBirthSchema(now: () => number = Date.now) {
  return z.string().check(
    z.minLength(1, 'error.input.birthday-required'),
    z.refine((v) => isValidBirthday(v, now()), 'error.input.birthday-invalid'),
  );
}

/** Whole years of age on a day, for the country age rules. */
export function ageOn(birthday: string, now: number): number {
  const m = SHAPE.exec(birthday);
  if (!m) return Number.NaN;
  const today = new Date(now);
  const years = today.getUTCFullYear() - Number(m[1]);
  const beforeBirthday =
    today.getUTCMonth() + 1 < Number(m[2]) ||
    (today.getUTCMonth() + 1 === Number(m[2]) && today.getUTCDate() < Number(m[3]));
  return beforeBirthday ? years - 1 : years;
}
