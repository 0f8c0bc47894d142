/**
 * Auth types of the account being verified (spec §3): kept per source — the
 * plain lookup (data), the global-account lookup and the third-party one.
 *
 * No schema here: what is stored is a call's answer, which the contract has
 * already checked when it arrived (src/client/api/on-demand.ts), so the
 * store loads no zod with the page (page budget, docs/performance.md).
 */
import { map } from 'nanostores';
import type { AuthType } from './account';

export interface AuthTypesInfo {
  authTypes: AuthType[];
  primaryAuthType?: AuthType | null | undefined;
  phoneNo?: string | null | undefined;
  email?: string | null | undefined;
}

export interface AuthTypesState {
  data: AuthTypesInfo | null;
  globalAuthInfo: AuthTypesInfo | null;
  tpa: AuthTypesInfo | null;
}

export const $authTypes = map<AuthTypesState>({ data: null, globalAuthInfo: null, tpa: null });
