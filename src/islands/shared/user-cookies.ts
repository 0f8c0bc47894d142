/**
 * Spec §4 step 2: after sign-in two cookies hold the hashed user numbers
 * (read by the publisher's game sites and tags to recognise the player
 * without personal data). Cleared at sign-out. The names are ours: the spec
 * does not give them.
 */
import { writeCookie } from '../../client/host/cookies';
import type { LoginResponse } from '../../shared/contract/common';

export const HASHED_USER_NO_COOKIE = 'lf_huno';
export const HASHED_GLOBAL_USER_NO_COOKIE = 'lf_hguno';

export function setUserCookies(result: Pick<LoginResponse, 'hashedUserNo' | 'hashedGlobalUserNo'>): void {
  writeCookie(HASHED_USER_NO_COOKIE, result.hashedUserNo);
  writeCookie(HASHED_GLOBAL_USER_NO_COOKIE, result.hashedGlobalUserNo);
}

export function clearUserCookies(): void {
  writeCookie(HASHED_USER_NO_COOKIE, '', 0);
  writeCookie(HASHED_GLOBAL_USER_NO_COOKIE, '', 0);
}
