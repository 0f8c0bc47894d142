/** The case reference of the page's query, shown only when it has the reference's shape (the URL is anyone's). */
import { CASE_REFERENCE } from '../../../shared/validation/ownership-limits';

export function caseReferenceOf(query: URLSearchParams): string | undefined {
  const value = query.get('reference')?.trim().toUpperCase();
  return value !== undefined && CASE_REFERENCE.test(value) ? value : undefined;
}
