/**
 * Console activation on the device authorization grant (RFC 8628; docs/console-activation.md).
 *
 * The console asks for a code (device_authorization), shows the 8-character user code and a QR of
 * verification_uri_complete, and polls the token endpoint. The signed-in player types the code on
 * global/activate (or opens the QR's URL) and approves or denies. Each poll faster than the interval is answered
 * slow_down and adds 5 s to the interval; a code lives 10 minutes and gives tokens once.
 */
import type { Context } from 'hono';
import { USER_CODE_ALPHABET } from '../../src/shared/contract/oidc';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AppEnv } from '../core/http/app-env';
import { settingsOf } from '../core/env';
import { userCodeHash } from './user-code';
import { clientIp } from '../core/http/client-ip';
import { digest, newToken } from '../core/security/tokens';
import { parseAmr } from '../core/security/amr';
import { DEVICE_CODE_TTL_MS, DEVICE_POLL_INTERVAL_S, SCOPES, SLOW_DOWN_STEP_S, type Scope } from './config';
import {
  deleteExpiredUserCode,
  findDeviceCode,
  insertDeviceCode,
  recordPoll,
  slowDown,
  takeApprovedDeviceCode,
} from './data';
import { issuerOf } from './issuer';
import { authenticateClient, oauthError, oauthJson } from './protocol';
import { issueTokens } from './tokens';

type Ctx = Context<AppEnv>;

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const ACTIVATE_PATH = '/account/global/activate';

/** 8 characters, uniformly from the alphabet (rejection sampling: no modulo bias). */
function newUserCode(): string {
  const n = USER_CODE_ALPHABET.length;
  const ceiling = Math.floor(256 / n) * n;
  let code = '';
  while (code.length < 8) {
    for (const b of crypto.getRandomValues(new Uint8Array(16))) {
      if (b < ceiling && code.length < 8) code += USER_CODE_ALPHABET.charAt(b % n);
    }
  }
  return code;
}

/** What a player typed, as stored: upper case, without spaces and dashes. */
export function normaliseUserCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

export async function startDeviceAuthorization(c: Ctx, form: URLSearchParams): Promise<Response> {
  const client = await authenticateClient(c, form);
  if (client instanceof Response) return client;
  if (!client.deviceFlow) return oauthError('unauthorized_client', 'this client may not use the device flow');
  const scopes = [...new Set((form.get('scope') ?? 'openid').split(' ').filter(Boolean))];
  if (!scopes.includes('openid') || !scopes.every((s) => (SCOPES as readonly string[]).includes(s)))
    return oauthError('invalid_scope', `openid is required; supported scopes: ${SCOPES.join(' ')}`);
  const now = c.var.clock.now();
  const deviceCode = newToken();
  let userCode = newUserCode();
  // A clash with a live code (1 in 28^8 per pair) is retried with a fresh code.
  for (let attempt = 0; ; attempt++) {
    const userCodeKey = await userCodeHash(settingsOf(c.env).oidcKeySecret, userCode);
    const inserted = await insertDeviceCode(c.var.db, {
      device_code_hash: await digest(deviceCode),
      user_code_hash: userCodeKey,
      client_id: client.clientId,
      scope: scopes.join(' '),
      expires_at: now + DEVICE_CODE_TTL_MS,
      interval_s: DEVICE_POLL_INTERVAL_S,
      created_at: now,
    });
    if (inserted) break;
    if (attempt >= 3) throw new Error('Could not allocate a user code');
    // An expired code keeps its user code until cleaned: clean it so the space stays free.
    await deleteExpiredUserCode(c.var.db, userCodeKey, now);
    userCode = newUserCode();
  }
  const origin = issuerOf(c).replace(/\/api\/oidc$/, '');
  const verificationUri = `${origin}${ACTIVATE_PATH}`;
  return oauthJson({
    device_code: deviceCode,
    user_code: formatUserCode(userCode),
    verification_uri: verificationUri,
    verification_uri_complete: `${verificationUri}?user_code=${formatUserCode(userCode)}`,
    expires_in: DEVICE_CODE_TTL_MS / 1000,
    interval: DEVICE_POLL_INTERVAL_S,
  });
}

export async function exchangeDeviceCode(c: Ctx, form: URLSearchParams): Promise<Response> {
  const client = await authenticateClient(c, form);
  if (client instanceof Response) return client;
  const deviceCode = form.get('device_code');
  if (deviceCode === null || deviceCode.length > 128) return oauthError('invalid_request', 'device_code is missing');
  const db = c.var.db;
  const now = c.var.clock.now();
  const hash = await digest(deviceCode);
  const row = await findDeviceCode(db, hash, client.clientId);
  if (row === null) return oauthError('invalid_grant', 'unknown device code');
  if (row.expires_at <= now) return oauthError('expired_token', 'the device code expired: request a new one');
  // RFC 8628 §3.5: polling faster than the interval is slow_down, and the interval grows by 5 s. The update is
  // conditional on the last poll read, so two parallel polls cannot both pass as on time.
  const tooFast = row.last_poll_at !== null && now - row.last_poll_at < row.interval_s * 1000;
  const interval = tooFast ? row.interval_s + SLOW_DOWN_STEP_S : row.interval_s;
  const polled = await recordPoll(db, hash, now, interval, row.last_poll_at);
  if (tooFast || !polled) {
    if (!tooFast) await slowDown(db, hash, SLOW_DOWN_STEP_S);
    return oauthError('slow_down', `poll at most every ${interval} s`);
  }
  if (row.status === 'pending') return oauthError('authorization_pending', 'the player has not answered yet');
  if (row.status === 'denied') return oauthError('access_denied', 'the player denied the activation');
  const taken = await takeApprovedDeviceCode(db, hash);
  if (taken === null || taken.account_id === null) return oauthError('invalid_grant', 'the device code was used');
  const account = await findAccountById(c.var.db, taken.account_id);
  if (account === null) return oauthError('invalid_grant', 'the account no longer exists');
  const tokens = await issueTokens(
    c,
    {
      client,
      accountId: account.id,
      scopes: taken.scope.split(' ') as Scope[],
      nonce: null,
      authTime: taken.auth_time ?? Math.floor(now / 1000),
      grantHash: hash,
      // The player signed the console in from the activation screen: that session's methods, as for a code
      // (null for a device code approved before migration 0025: no acr or amr claimed).
      amr: taken.amr === null ? null : parseAmr(taken.amr),
    },
    account,
  );
  await c.var.db.run(
    auditStatement(
      c.var.db,
      {
        accountId: account.id,
        event: 'oidc.tokens.issued',
        ip: clientIp(c),
        detail: { client: client.clientId, grant: 'device_code' },
      },
      now,
    ),
  );
  return oauthJson(tokens);
}
