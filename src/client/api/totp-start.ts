/**
 * The authenticator enrolment's start, which setting/authenticator-enable makes at mount (spec §7 two-factor:
 * POST /mfa/totp). Through the start-up's plain `fetch` (../startup/api `getJson`: its headers and credentials, the
 * 30 s timeout, a CDN block sent to the error page) and checked by hand, so the page loads neither zod nor the HTTP
 * client (the `calls` file, about 19 KB br) before the player can act: the same way as a settings page's account
 * read (../shell/account-read). A failed start says nothing of why: it is asked again through the client
 * (./totp-enrolment), whose answer or error decides (the settings verification on 20008, the sign-in page on 401,
 * a retry offered otherwise). A start changes nothing but the pending secret, which each start replaces, so
 * asking twice is safe; only a page whose start failed loads the client, and one request more.
 *
 * The path and the payload rules are the contract's (src/shared/contract/mfa.ts startTotpEnrolment,
 * totpEnrolmentResponse), and the body the client's (`withMembershipNo`, ../http/client), written here so the page
 * loads neither the schemas nor the client; tests/unit/client/api/totp-start.test.ts holds them equal.
 */
import region from '@region';
import type { RegionConfig } from '../../regions/schema';
import type { ResponseOf } from '../../shared/contract/endpoint';
import type { startTotpEnrolment as startTotpEnrolmentEndpoint } from '../../shared/contract/mfa';
import { apiInit, getJson } from '../startup/api';
import { isFields } from '../startup/payloads';
import { startTotpEnrolment } from './totp-enrolment';

/** The contract's startTotpEnrolment: its path on the account API base. */
export const TOTP_START_PATH = '/mfa/totp';

/** The contract's answer (a type only: nothing of the schema ships). */
export type TotpEnrolment = ResponseOf<typeof startTotpEnrolmentEndpoint>;

const BASE32 = /^[A-Z2-7]+=*$/;
const OTPAUTH_TOTP = /^otpauth:\/\/totp\//;

/** `totpEnrolmentResponse`, checked without zod; undefined when refused. Other keys are dropped, as zod does. */
export function parseTotpEnrolment(value: unknown): TotpEnrolment | undefined {
  if (!isFields(value)) return undefined;
  const { secret, otpauthUri } = value;
  if (typeof secret !== 'string' || !BASE32.test(secret)) return undefined;
  if (typeof otpauthUri !== 'string' || !OTPAUTH_TOTP.test(otpauthUri)) return undefined;
  return { secret, otpauthUri };
}

/** The start's body: spec §7, membershipNo in every POST body of the regions that want it (the client's rule). */
export function startBody(r: Pick<RegionConfig, 'membershipNo' | 'postBodiesCarryMembershipNo'>): object {
  return r.postBodiesCarryMembershipNo && r.membershipNo !== null ? { membershipNo: r.membershipNo } : {};
}

/** Starts an enrolment; rejects with the client's ApiError when the plain start failed and the client's did too. */
export async function startTotpEnrolmentAtMount(): Promise<TotpEnrolment> {
  const init = apiInit();
  // apiInit's headers are a plain record (a helper that returned them as such cost every page's start-up 9 B br).
  const headers = init.headers as Record<string, string>;
  const started = await getJson(`${region.api.account}${TOTP_START_PATH}`, parseTotpEnrolment, {
    ...init,
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(startBody(region)),
  });
  return started ?? startTotpEnrolment();
}
