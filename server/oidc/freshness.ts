/**
 * Whether the player's sign-in is fresh enough for an authorization request (OIDC Core §3.1.2.1 `prompt=login`,
 * `prompt=select_account`, `max_age`; docs/identity-provider.md "prompt and max_age").
 *
 * A request that wants a fresh sign-in is satisfied by a sign-in after the request reached the provider. The
 * screen works from the request alone (no store), so the provider marks the request with the moment it asked
 * for the sign-in: `lf_reauth` = `{ms}.{HMAC of ms, client and PKCE challenge}` (./mac.ts). The mark cannot be
 * forged or moved to another request, and a sign-in (a new session: its start is auth_time) after it answers the
 * request, so the player signs in once and the flow continues instead of asking again and again.
 */
import { REAUTH_PARAM } from '../../src/shared/contract/oidc-reauth';
import type { AuthorizeRequest } from './authorize-request';
import { equalBytes, utf8 } from '../core/security/bytes';
import { labelledMac } from './mac';

export { REAUTH_PARAM };
/** A mark older than this asks again: a sign-in takes minutes, not hours. */
export const REAUTH_MARK_TTL_MS = 30 * 60_000;

const LABEL = 'lumenforge/oidc/reauth/v1';
const bound = (at: number, r: AuthorizeRequest) => `${at}|${r.client.clientId}|${r.codeChallenge}`;

/** The mark of a request: sign-in wanted from `now` on. */
export async function reauthMark(secret: string, request: AuthorizeRequest, now: number): Promise<string> {
  return `${now}.${await labelledMac(secret, LABEL, bound(now, request))}`;
}

/** When the request's mark asked for a sign-in, or null without a valid, live mark for this very request. */
export async function markedAt(secret: string, request: AuthorizeRequest, now: number): Promise<number | null> {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(request.reauth ?? '');
  if (match?.[1] === undefined || match[2] === undefined) return null;
  const at = Number(match[1]);
  if (at > now || now - at > REAUTH_MARK_TTL_MS) return null;
  const expected = await labelledMac(secret, LABEL, bound(at, request));
  return equalBytes(utf8.encode(expected), utf8.encode(match[2])) ? at : null;
}

/** Whether the request wants a sign-in newer than the one it may get without asking. */
export function wantsFreshSignIn(request: AuthorizeRequest): boolean {
  return request.prompts.includes('login') || request.prompts.includes('select_account') || request.maxAge !== null;
}

/**
 * Whether the player must sign in (again) first: `prompt=login` or `select_account` (the player may choose
 * another account by signing in as it) unless they signed in after the mark; `max_age` when the sign-in is older
 * (max_age=0 is prompt=login: Core §3.1.2.1), again unless after the mark.
 */
export function signInNeeded(request: AuthorizeRequest, signedInAt: number, mark: number | null, now: number): boolean {
  if (mark !== null && signedInAt >= mark) return false;
  if (request.prompts.includes('login') || request.prompts.includes('select_account')) return true;
  if (request.maxAge === null) return false;
  return request.maxAge === 0 || now - signedInAt > request.maxAge * 1000;
}
