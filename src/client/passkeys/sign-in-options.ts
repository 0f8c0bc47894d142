/**
 * The options of a passkey sign-in for the email field's suggestions (conditional mediation, issue 18), fetched
 * without the islands' HTTP client: the login page asks for them once it is idle, before the player does
 * anything, and the client would bring zod, the contract and the error handling with it (about 29 KB br, and
 * twenty files, which `npm run bench` counts as loaded before interaction). Only a passkey picked from the
 * suggestions loads the rest (../../islands/login/passkey-sign-in). A failure is silent: the form still works.
 * Checked again with the action path warmed at idle (issue 25, src/islands/shared/warm-path.ts), which loads that
 * `calls` file anyway: through the client the options would wait for it (33.3 KB br, global build) before the
 * browser can offer a passkey, and the page's own load before the warm-up would hold it (the 75 KB budget: login
 * loads 68.9 KB br there).
 *
 * The path is the contract's startPasskeySignIn (src/shared/contract/passkeys.ts), spelled here because importing
 * the endpoint would import its schemas; tests/unit/client/passkeys/sign-in-options.test.ts holds them equal.
 */
import region from '@region';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER, SESSION_ID_HEADER } from '../../shared/contract/http';
import { getJson, sessionId } from '../startup/api';
import type { ServerOptions } from './ceremony';

export const SIGN_IN_OPTIONS_PATH = '/no-auth/passkey/sign-in/options';

/** The options' shape the ceremony needs (the contract's ceremonyOptions: a challenge, the rest passed on). */
function parseOptions(value: unknown): ServerOptions | undefined {
  if (typeof value !== 'object' || value === null || !('options' in value)) return undefined;
  const { options } = value;
  if (typeof options !== 'object' || options === null || !('challenge' in options)) return undefined;
  return typeof options.challenge === 'string' ? (options as ServerOptions) : undefined;
}

/** POST the options request as the HTTP client would (version and session headers, membershipNo in the body). */
export function fetchSignInOptions(): Promise<ServerOptions | undefined> {
  const headers: Record<string, string> = {
    [FRONTEND_VERSION_HEADER]: FRONTEND_VERSION,
    'Content-Type': 'application/json',
  };
  const id = sessionId();
  if (id !== undefined) headers[SESSION_ID_HEADER] = id;
  // Spec §7: POST bodies carry the membership number where the region says so (src/client/http/client.ts).
  const body =
    region.postBodiesCarryMembershipNo && region.membershipNo !== null ? { membershipNo: region.membershipNo } : {};
  return getJson(`${region.api.account}${SIGN_IN_OPTIONS_PATH}`, parseOptions, {
    method: 'POST',
    headers,
    credentials: 'include',
    body: JSON.stringify(body),
  });
}
