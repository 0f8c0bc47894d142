/** The staff lists' one page rule: a page size outside 1..max is refused with a clear message, not clamped. */
import { ApiError } from '../core/http/errors';

export const searchRefused = (message: string) => new ApiError(400, 'STAFF_SEARCH_REFUSED', message);

export function pageSize(limit: number | undefined, max: number, fallback: number): number {
  if (limit === undefined) return fallback;
  if (limit < 1 || limit > max) throw searchRefused(`A page holds 1 to ${max} results`);
  return limit;
}
