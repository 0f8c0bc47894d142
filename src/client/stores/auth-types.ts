/**
 * Auth types of the account being verified (spec §3): kept per source — the
 * plain lookup (data), the global-account lookup and the third-party one.
 */
import { map } from 'nanostores';
import * as z from 'zod/mini';
import { authTypeSchema } from './account-parse';

export const authTypesInfoSchema = z.object({
  authTypes: z._default(z.array(authTypeSchema), []),
  primaryAuthType: z.optional(z.nullable(authTypeSchema)),
  phoneNo: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
});
export type AuthTypesInfo = z.infer<typeof authTypesInfoSchema>;

export interface AuthTypesState {
  data: AuthTypesInfo | null;
  globalAuthInfo: AuthTypesInfo | null;
  tpa: AuthTypesInfo | null;
}

export const $authTypes = map<AuthTypesState>({ data: null, globalAuthInfo: null, tpa: null });
