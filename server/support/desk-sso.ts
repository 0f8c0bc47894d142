/**
 * The support desk's JWT single sign-on (Zendesk "JWT SSO"): an HS256 JWT signed with the shared secret the
 * desk's admin generated, carrying who the player is, handed to the desk at `{desk}/access/jwt?jwt=…&return_to=…`.
 * The desk checks the signature, that `iat` is recent, and that `jti` was not seen before, then signs the player
 * in as the user with this `external_id` (created from `email` and `name` on first visit). docs/support-desk.md.
 */
import { SignJWT } from 'jose';
import type { AccountRow } from '../core/data/rows';

/** The desk accepts a JWT for a few minutes after `iat`; ours ends sooner, it is used at once by the browser. */
export const DESK_JWT_TTL_SECONDS = 120;
/** Where the player lands on the desk: its help center's "submit a request" form (Contact Support). */
export const DESK_RETURN_PATH = '/hc/requests/new';
/** The desk's JWT login path (Zendesk: /access/jwt). */
export const DESK_JWT_PATH = '/access/jwt';

/** The claims the desk reads (Zendesk: name and email required for new users; external_id links the account). */
export interface DeskClaims {
  email: string;
  name: string;
  external_id: string;
}

/** The name the desk shows: the account's full name, else its player tag, else the email's local part. */
export function deskName(account: AccountRow): string {
  const full = account.full_name?.trim();
  if (full !== undefined && full !== '') return full;
  if (account.player_tag_name !== null)
    return account.player_tag_number === null
      ? account.player_tag_name
      : `${account.player_tag_name}#${account.player_tag_number}`;
  return account.email.split('@')[0] ?? account.email;
}

export function deskClaims(account: AccountRow): DeskClaims {
  return { email: account.email, name: deskName(account), external_id: String(account.id) };
}

/** The desk's sign-in URL for the account: a fresh JWT (new jti) every call. */
export async function deskSignInUrl(
  desk: { baseUrl: string; jwtSecret: string },
  account: AccountRow,
  now: number,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const jwt = await new SignJWT({ ...deskClaims(account) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + DESK_JWT_TTL_SECONDS)
    .sign(new TextEncoder().encode(desk.jwtSecret));
  const url = new URL(`${desk.baseUrl}${DESK_JWT_PATH}`);
  url.searchParams.set('jwt', jwt);
  url.searchParams.set('return_to', `${desk.baseUrl}${DESK_RETURN_PATH}`);
  return url.href;
}
