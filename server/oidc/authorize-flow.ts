/**
 * What an authorization request gets from a signed-in player's session, shared by the portal's screen
 * (./portal-routes.ts) and the authorization endpoint, which answers `prompt=none` itself, without any screen
 * (OIDC Core §3.1.2.1, §3.1.2.6): a sign-in first (prompt=login, select_account, max_age: ./freshness.ts), the
 * consent screen, or a code.
 */
import type { Context } from 'hono';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AccountRow } from '../core/data/rows';
import { storeAmr } from '../core/security/amr';
import type { Query } from '../core/db/engine';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { clientIp } from '../core/http/client-ip';
import type { Session } from '../core/security/sessions';
import { digest, newToken } from '../core/security/tokens';
import { redirectWith, type AuthorizeRequest } from './authorize-request';
import { CODE_TTL_MS } from './config';
import { consentStatement, grantedScopes, insertCodeStatement, sessionCreatedAt } from './data';
import { markedAt, reauthMark, signInNeeded } from './freshness';
import { issuerOf } from './issuer';

type Ctx = Context<AppEnv>;

/** The second factors the portal's in-session verification screens take (settings verification). */
export type StepUpMethod = 'TOTP' | 'SMS';

export type Outcome =
  /** The player signs in (again) first; the screen carries `reauth` on (./freshness.ts). */
  | { kind: 'login'; reauth: string }
  /** acr_values asked for the second factor and the session has none yet: the player verifies one first. */
  | { kind: 'step-up'; method: StepUpMethod }
  /** acr_values asked for the second factor and the account has none to give (unmet_authentication_requirements). */
  | { kind: 'unmet' }
  | { kind: 'consent' }
  | { kind: 'approved' };

/** The factor the step-up asks for: the account's primary one when it is on, else the one that is on. */
function stepUpMethod(account: AccountRow): StepUpMethod | null {
  const totp = account.totp_enabled_at !== null;
  const sms = account.sms_mfa_enabled && account.phone_no !== null;
  if (totp && (account.primary_auth_type === 'TOTP' || !sms)) return 'TOTP';
  return sms ? 'SMS' : null;
}

async function consentNeeded(c: Ctx, accountId: number, request: AuthorizeRequest): Promise<boolean> {
  // prompt=consent: the client wants the player to confirm, whatever was granted before (first-party included).
  if (request.prompts.includes('consent')) return true;
  if (request.client.firstParty) return false;
  const granted = await grantedScopes(c.var.db, accountId, request.client.clientId);
  return !request.scopes.every((s) => granted.includes(s));
}

/** When the session signed in (auth_time, OIDC Core §2): the session's start, not this request. */
export async function signedInAt(c: Ctx, session: Session): Promise<number> {
  return (await sessionCreatedAt(c.var.db, session.tokenHash)) ?? c.var.clock.now();
}

export async function evaluate(c: Ctx, session: Session, request: AuthorizeRequest): Promise<Outcome> {
  const now = c.var.clock.now();
  const secret = settingsOf(c.env).oidcKeySecret;
  const mark = await markedAt(secret, request, now);
  if (signInNeeded(request, await signedInAt(c, session), mark, now))
    return { kind: 'login', reauth: await reauthMark(secret, request, now) };
  if (request.wantsSecondFactor && !session.amr.includes('mfa')) {
    const account = await findAccountById(c.var.db, session.accountId);
    const method = account === null ? null : stepUpMethod(account);
    return method === null ? { kind: 'unmet' } : { kind: 'step-up', method };
  }
  if (await consentNeeded(c, session.accountId, request)) return { kind: 'consent' };
  return { kind: 'approved' };
}

/** The error redirect of a request (RFC 6749 §4.1.2.1, with iss: RFC 9207). */
export function refuse(c: Ctx, request: AuthorizeRequest, error: string, description?: string): string {
  return redirectWith(request.redirectUri, issuerOf(c), {
    error,
    ...(description === undefined ? {} : { error_description: description }),
    state: request.state,
  });
}

/**
 * The prompt=none errors for an outcome that would need a screen (Core §3.1.2.6), and the one error of an
 * account that cannot give the second factor asked for (OpenID Connect Unmet Authentication Requirements 1.0).
 */
export function silentError(outcome: Exclude<Outcome, { kind: 'approved' }>): string {
  switch (outcome.kind) {
    case 'login':
      return 'login_required';
    case 'step-up':
      return 'interaction_required';
    case 'unmet':
      return UNMET;
    case 'consent':
      return 'consent_required';
  }
}

export const UNMET = 'unmet_authentication_requirements';

/** Approves: a single-use code bound to the request, consent remembered, audited. The redirect with the code. */
export async function issueCode(c: Ctx, session: Session, request: AuthorizeRequest): Promise<string> {
  const db = c.var.db;
  const { accountId } = session;
  const now = c.var.clock.now();
  const code = newToken();
  const detail = { client: request.client.clientId, scope: request.scopes.join(' ') };
  const statements: Query[] = [
    insertCodeStatement(db, {
      code_hash: await digest(code),
      client_id: request.client.clientId,
      account_id: accountId,
      redirect_uri: request.redirectUri,
      scope: request.scopes.join(' '),
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      auth_time: Math.floor((await signedInAt(c, session)) / 1000),
      amr: storeAmr(session.amr),
      session_hash: session.tokenHash,
      expires_at: now + CODE_TTL_MS,
    }),
    auditStatement(c.var.db, { accountId, event: 'oidc.authorize.approved', ip: clientIp(c), detail }, now),
  ];
  if (!request.client.firstParty) {
    const granted = await grantedScopes(db, accountId, request.client.clientId);
    const all = [...new Set([...granted, ...request.scopes])];
    statements.push(consentStatement(db, accountId, request.client.clientId, all, now));
  }
  await db.batch(statements);
  return redirectWith(request.redirectUri, issuerOf(c), { code, state: request.state });
}
