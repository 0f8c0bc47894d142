/**
 * Plain rules of the family list (spec §3 family, §6 parent role), without
 * zod so the tab's start-up stays small: who is shown how, which controls a
 * member gets, the product ids of a child's game access.
 */
import type { FamilyMember } from '../../shared/contract/parental';

/** Spec §9: child status 1 = active, anything else inactive (kept here: the contract module loads on demand). */
export const ACTIVE_STATUS = 1;

export const isActive = (member: Pick<FamilyMember, 'status'>): boolean => member.status === ACTIVE_STATUS;

/** The product ids of accessibleProductId ("50203,50210" → [50203, 50210]); an empty list for "". */
export function productIds(member: Pick<FamilyMember, 'accessibleProductId'>): number[] {
  return member.accessibleProductId
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** The signed-in parent's own entry first, then the children in the order the server gave them. */
export function orderMembers(members: readonly FamilyMember[]): FamilyMember[] {
  return [...members.filter((m) => m.isMe), ...members.filter((m) => !m.isMe)];
}

/** The names of a child's games by the CDN game list; an id the list does not know is shown as the id. */
export function gameNames(ids: readonly number[], names: ReadonlyMap<number, string>): string[] {
  return ids.map((id) => names.get(id) ?? String(id));
}
