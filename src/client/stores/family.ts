/** Family state (spec §3): the parent's view of their child accounts. */
import { map } from 'nanostores';
import * as z from 'zod/mini';

export const CHILD_ACTIVE_STATUS = 1;

export const familyMemberSchema = z.object({
  globalUserNo: z.number(),
  /** 1 = active, anything else inactive. */
  status: z.number(),
  email: z.string(),
  name: z.optional(z.nullable(z.string())),
  /** Comma-separated product ids the child may play. */
  accessibleProductId: z.optional(z.nullable(z.string())),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export interface FamilyState {
  isParent: boolean;
  isParentalSet: boolean;
  /** The parent's email. */
  parent: string | null;
  children: FamilyMember[];
}

export const $family = map<FamilyState>({ isParent: false, isParentalSet: false, parent: null, children: [] });

export function isChildActive(child: Pick<FamilyMember, 'status'>): boolean {
  return child.status === CHILD_ACTIVE_STATUS;
}

/** The product ids of accessibleProductId ("50203, 50210" → ["50203", "50210"]). */
export function childProductIds(child: Pick<FamilyMember, 'accessibleProductId'>): string[] {
  return (child.accessibleProductId ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
}
