/**
 * Spec §5 date of birth as plain checks, without zod: the healup screen checks the date at start and its page
 * must not load zod for that (page budget, docs/performance.md). `dateOfBirthSchema` (./date-of-birth, the
 * reference API's and the create form's) applies the same rule; tests/unit/shared/plain-checks.test.ts runs both
 * on the same inputs.
 */
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date as YYYY-MM-DD, not after `now`, in 1900 or later. */
export function isValidBirthday(value: string, now: number): boolean {
  const m = SHAPE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2023-02-30 over to March; a real date survives the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1900 && date.getTime() <= now;
}

/** `dateOfBirthSchema(now)` as a plain check: the i18n key of the first problem, or undefined when valid. */
export function birthdayProblem(
  value: string,
  now: number,
): 'error.input.birthday-required' | 'error.input.birthday-invalid' | undefined {
  if (value.length < 1) return 'error.input.birthday-required';
  return isValidBirthday(value, now) ? undefined : 'error.input.birthday-invalid';
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
