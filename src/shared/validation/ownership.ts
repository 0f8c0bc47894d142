/**
 * The ownership form's rules (spec §2 self-service verify, §5), one source for
 * the form and the API: the API answers a body that breaks one 400 20022
 * before it counts or stores anything; the form shows the rule's message.
 *
 * - order ID and purchase date together or not at all (§5);
 * - a purchase date is a real calendar day, not before 2000, not after today;
 * - the game region (NA or EU, §3) is given exactly when the one title that
 *   has regions is among the games;
 * - each game at most once.
 */

import { REGIONAL_GAME_ID, type GameRegion } from './ownership-limits';

export * from './ownership-limits';

export interface OwnershipFields {
  productIds: readonly number[];
  gameRegion?: GameRegion | undefined;
  orderId?: string | undefined;
  purchaseDate?: string | undefined;
}

export type OwnershipProblem =
  | 'orderWithoutDate'
  | 'dateWithoutOrder'
  | 'dateInvalid'
  | 'dateFuture'
  | 'regionMissing'
  | 'regionUnexpected'
  | 'gameRepeated';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EARLIEST_YEAR = 2000;

/** A YYYY-MM-DD that names a real day (2023-02-29 does not). */
function calendarDay(value: string): number | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(year, month - 1, day);
  const d = new Date(t);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? t : null;
}

/** Every rule the fields break; `now` is the API clock (or the browser's) in ms. */
export function ownershipProblems(f: OwnershipFields, now: number): OwnershipProblem[] {
  const problems: OwnershipProblem[] = [];
  const order = f.orderId !== undefined && f.orderId.trim() !== '';
  const date = f.purchaseDate !== undefined && f.purchaseDate !== '';
  if (order && !date) problems.push('orderWithoutDate');
  if (date && !order) problems.push('dateWithoutOrder');
  if (date) {
    const day = calendarDay(f.purchaseDate ?? '');
    if (day === null || new Date(day).getUTCFullYear() < EARLIEST_YEAR) problems.push('dateInvalid');
    // A day later than today anywhere on Earth (UTC+14) is in the future for everyone.
    else if (day > now + 14 * 3_600_000) problems.push('dateFuture');
  }
  const regional = f.productIds.includes(REGIONAL_GAME_ID);
  if (regional && f.gameRegion === undefined) problems.push('regionMissing');
  if (!regional && f.gameRegion !== undefined) problems.push('regionUnexpected');
  if (new Set(f.productIds).size !== f.productIds.length) problems.push('gameRepeated');
  return problems;
}
