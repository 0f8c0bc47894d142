/**
 * The launcher's hand-offs with the system browser (docs/launcher.md): the third-party sign-in's app request and
 * the login/sso code. Every secret is 256 random bits, stored as its SHA-256 only, and used once through one
 * conditional UPDATE … RETURNING, so two parallel uses cannot both pass.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../core/http/app-env';
import { digest, newToken } from '../core/security/tokens';
import {
  approveTpaAppRequestRow,
  insertSsoCodeStatement,
  insertTpaAppRequest,
  redeemTpaAppRequest,
  rekeyTpaSessionRow,
  tpaAppRequestWaiting,
  useSsoCodeRow,
} from './data';

type Ctx = Context<AppEnv>;

const MINUTE = 60_000;
/** As long as the provider flow it waits for (server/social/data.ts FLOW_TTL_MS). */
export const TPA_APP_TTL_MS = 10 * MINUTE;
export const SSO_CODE_TTL_MS = MINUTE;

/** Opens a third-party sign-in request for the launcher on `deviceId`; answers its id and the poll token. */
export async function createTpaAppRequest(c: Ctx, deviceId: string, clientId: string) {
  const now = c.var.clock.now();
  const requestId = newToken();
  const pollToken = newToken();
  await insertTpaAppRequest(c.var.db, {
    id_hash: await digest(requestId),
    poll_hash: await digest(pollToken),
    device_id: deviceId,
    client_id: clientId,
    created_at: now,
    expires_at: now + TPA_APP_TTL_MS,
  });
  return { requestId, pollToken, expiresIn: Math.floor(TPA_APP_TTL_MS / 1000) };
}

/** The browser hands its third-party session (by its token hash) to an open request: true for one caller. */
export async function approveTpaAppRequest(c: Ctx, requestId: string, tpaTokenHash: string): Promise<boolean> {
  return approveTpaAppRequestRow(c.var.db, await digest(requestId), tpaTokenHash, c.var.clock.now());
}

export type TpaAppTaken =
  | { kind: 'pending' }
  | { kind: 'taken'; tpaTokenHash: string }
  /** Unknown, expired, already taken, another poll token or another device: all alike. */
  | { kind: 'gone' };

/** The launcher takes an approved request over (once); a request not approved yet is pending. */
export async function takeTpaAppRequest(
  c: Ctx,
  requestId: string,
  pollToken: string,
  deviceId: string,
): Promise<TpaAppTaken> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const key = { idHash: await digest(requestId), pollHash: await digest(pollToken), deviceId };
  const taken = await redeemTpaAppRequest(db, key, now);
  if (taken) return { kind: 'taken', tpaTokenHash: taken };
  return (await tpaAppRequestWaiting(db, key, now)) ? { kind: 'pending' } : { kind: 'gone' };
}

/** Gives the third-party session a new token (the launcher's): the browser's copy stops working. */
export async function rekeyTpaSession(c: Ctx, tokenHash: string): Promise<string | null> {
  const token = newToken();
  return (await rekeyTpaSessionRow(c.var.db, tokenHash, await digest(token), c.var.clock.now())) ? token : null;
}

/** A login/sso code for the account (60 seconds, once). */
export async function issueSsoCode(c: Ctx, accountId: number, deviceId: string) {
  const now = c.var.clock.now();
  const code = newToken();
  const insert = insertSsoCodeStatement(c.var.db, {
    code_hash: await digest(code),
    account_id: accountId,
    device_id: deviceId,
    created_at: now,
    expires_at: now + SSO_CODE_TTL_MS,
  });
  return { code, insert, expiresIn: Math.floor(SSO_CODE_TTL_MS / 1000) };
}

/** Uses a login/sso code: its account for exactly one caller, null when unknown, expired or used. */
export async function useSsoCode(c: Ctx, code: string): Promise<number | null> {
  return useSsoCodeRow(c.var.db, await digest(code), c.var.clock.now());
}

/** With every session of the account (server/sessions/end-sessions.ts): its unused codes go too. */
export { deleteAccountSsoCodesStatement } from './data';
