/**
 * Passkeys (issue 18; docs/passkeys.md): registration and management in
 * settings (after settings verification, like every factor change), the
 * passwordless sign-in, and the sign-in second step. The WebAuthn checks are
 * @simplewebauthn/server's; challenges, RP ID and origins are
 * server/core/security/webauthn.ts's.
 *
 * Every refusal of a passkey sign-in — unknown or removed credential,
 * consumed, expired or foreign challenge, wrong origin or RP ID, bad
 * signature, counter regression, changed backup eligibility, missing user
 * verification — answers the same 401 PASSKEY_REFUSED, and the calls take no
 * email: they say nothing about which accounts exist.
 */
import type { Context, Hono } from 'hono';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type VerifiedAuthenticationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import {
  finishPasskeyRegistration,
  finishPasskeySecondStep,
  finishPasskeySignIn,
  listPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  startPasskeySecondStep,
  startPasskeySignIn,
  type PasskeySummary,
} from '../../src/shared/contract/passkeys';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import {
  findAccountPasskey,
  findPasskey,
  insertPasskeyQueries,
  passkeyAddedEvent,
  passkeyRemovedEvent,
  listPasskeyRows,
  MAX_PASSKEYS,
  removePasskeyQueries,
  renamePasskeyQuery,
  usePasskey,
  type PasskeyRow,
} from './data';
import type { AccountRow } from '../core/data/rows';
import type { AppEnv } from '../core/http/app-env';
import { authTypesOf } from '../mfa/data';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendPasskeyNotice } from '../core/notices/security-notices';
import { fromBase64Url, toBase64Url, utf8 } from '../core/security/bytes';
import { passkeyAmr } from '../core/security/amr';
import { completeSecondFactor } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import { assertMayChangeFactors } from '../settings/verification';
import { assertSecondFactorStep, signInAfterPassword } from '../signin/sign-in';
import { noPendingSignIn, signingInAccount } from '../signin/holder';
import { hashUserNumbers } from '../core/security/user-hash';
import {
  CEREMONY_TIMEOUT_MS,
  challengeStatements,
  consumeChallenge,
  issuePasskeyBinding,
  passkeyBinding,
  relyingParty,
  rpIdOf,
  RP_NAME,
  type ChallengePurpose,
} from '../core/security/webauthn';

type Ctx = Context<AppEnv>;

/** The one answer to every refused passkey assertion. */
export function passkeyRefused(): ApiError {
  return new ApiError(401, 'PASSKEY_REFUSED', 'The passkey could not be verified');
}

function summary(row: PasskeyRow): PasskeySummary {
  return {
    credentialId: row.credential_id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
    synced: row.device_type === 'multiDevice' && row.backed_up === 1,
  };
}

function audit(c: Ctx, accountId: number | null, event: string, detail?: Record<string, string | boolean>) {
  return auditStatement(
    c.var.db,
    { accountId, event, ip: clientIp(c), ...(detail ? { detail } : {}) },
    c.var.clock.now(),
  );
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
const TRANSPORTS: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];
const isTransport = (t: unknown): t is AuthenticatorTransportFuture => typeof t === 'string' && TRANSPORTS.includes(t);

/** The transports stored with a passkey (a hint for the browser; only known values are passed back). */
function transportsOf(row: PasskeyRow): AuthenticatorTransportFuture[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter(isTransport) : [];
}

/** Stores a challenge for the binding and answers the options built around it. */
async function issue<T extends { challenge: string }>(
  c: Ctx,
  purpose: ChallengePurpose,
  binding: string,
  accountId: number | null,
  build: (challenge: Uint8Array<ArrayBuffer>) => Promise<T>,
): Promise<{ options: { [key: string]: unknown; challenge: string } }> {
  const { challenge, statements } = await challengeStatements(
    c.var.db,
    { purpose, binding, accountId },
    c.var.clock.now(),
  );
  // As bytes: the library base64url-encodes them, giving back exactly the stored challenge (a string would be
  // taken as text and encoded once more).
  const options = await build(fromBase64Url(challenge));
  if (options.challenge !== challenge) throw new Error('Passkey options carry another challenge than the stored one');
  await c.var.db.batch(statements);
  // A spread is an anonymous object type, which the contract's loose object (an index signature) accepts.
  return { options: { ...options } };
}

interface Assertion {
  credential: AuthenticationResponseJSON;
  purpose: Exclude<ChallengePurpose, 'register'>;
  binding: string;
  accountId: number | null;
  /** The stored passkey the credential names, or null when there is none (then the challenge is spent and refused). */
  row: PasskeyRow | null;
  requireUserVerification: boolean;
}

/**
 * Checks an assertion and records the use (counter, backup state, last used)
 * or throws PASSKEY_REFUSED. The challenge is consumed whatever happens.
 */
async function checkAssertion(c: Ctx, a: Assertion): Promise<PasskeyRow> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const expected = { purpose: a.purpose, binding: a.binding, accountId: a.accountId };
  const refuse = async (reason: string): Promise<never> => {
    // The reason is for operators (no secrets in it); the caller gets one answer for all.
    await c.var.db.run(audit(c, a.row?.account_id ?? null, 'passkey.refused', { purpose: a.purpose, reason }));
    throw passkeyRefused();
  };
  if (a.row === null) {
    // Unknown or removed credential: its challenge is spent all the same, so it cannot be tried again.
    let challenge: string | null = null;
    try {
      challenge = decodeClientDataJSON(a.credential.response.clientDataJSON).challenge;
    } catch {
      challenge = null;
    }
    if (challenge !== null) await consumeChallenge(db, challenge, expected, now);
    return refuse('unknown-credential');
  }
  const row = a.row;
  const { origins, rpIds } = relyingParty(c);
  let result: VerifiedAuthenticationResponse;
  try {
    result = await verifyAuthenticationResponse({
      response: a.credential,
      expectedChallenge: (challenge) => consumeChallenge(db, challenge, expected, now),
      expectedOrigin: origins,
      expectedRPID: rpIds,
      credential: {
        id: row.credential_id,
        publicKey: fromBase64Url(row.public_key),
        counter: row.counter,
        transports: transportsOf(row),
      },
      requireUserVerification: a.requireUserVerification,
    });
  } catch (error) {
    // The library throws on every failed check (challenge, origin, RP ID, signature, counter regression, UV).
    return refuse(error instanceof Error ? error.message.slice(0, 120) : 'invalid');
  }
  if (!result.verified) return refuse('not-verified');
  const info = result.authenticationInfo;
  // Backup eligibility (BE) is fixed for a credential's life: a change means another authenticator or a forgery.
  if (info.credentialDeviceType !== row.device_type) return refuse('backup-eligibility-changed');
  const used = await usePasskey(c.var.db, row, { counter: info.newCounter, backedUp: info.credentialBackedUp }, now);
  // A parallel use of the same passkey won the conditional update (same counter read): this one is a replay.
  if (!used) return refuse('concurrent-use');
  return row;
}

export function passkeyRoutes(app: Hono<AppEnv>): void {
  mount(app, listPasskeys, async (c, { account }) => {
    return { passkeys: (await listPasskeyRows(c.var.db, account.id)).map(summary) };
  });

  mount(app, startPasskeyRegistration, async (c, { session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    const existing = await listPasskeyRows(c.var.db, account.id);
    if (existing.length >= MAX_PASSKEYS) throw badInput(`At most ${String(MAX_PASSKEYS)} passkeys per account`);
    const { hashedGlobalUserNo } = await hashUserNumbers(c.env, account);
    return issue(c, 'register', s.tokenHash, account.id, (challenge) =>
      generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rpIdOf(c),
        // The user handle is an opaque per-account value (no email, no account number), the same for every
        // passkey of the account so an authenticator replaces rather than duplicates its own.
        userID: utf8.encode(hashedGlobalUserNo),
        userName: account.email,
        userDisplayName: account.email,
        challenge,
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((r) => ({ id: r.credential_id, transports: transportsOf(r) })),
        // Discoverable (signs in without an email) and user-verified (a PIN or biometric: both factors at once).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      }),
    );
  });

  mount(app, finishPasskeyRegistration, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    const db = c.var.db;
    const now = c.var.clock.now();
    const { origins, rpIds } = relyingParty(c);
    let info;
    try {
      const result = await verifyRegistrationResponse({
        // The contract's strict shape is the library's RegistrationResponseJSON with fewer extension outputs.
        response: body.credential as RegistrationResponseJSON,
        expectedChallenge: (challenge) =>
          consumeChallenge(db, challenge, { purpose: 'register', binding: s.tokenHash, accountId: account.id }, now),
        expectedOrigin: origins,
        expectedRPID: rpIds,
        requireUserVerification: true,
      });
      if (!result.verified) throw new Error('not verified');
      info = result.registrationInfo;
    } catch (error) {
      await c.var.db.run(
        audit(c, account.id, 'passkey.refused', {
          purpose: 'register',
          reason: error instanceof Error ? error.message.slice(0, 120) : 'invalid',
        }),
      );
      throw passkeyRefused();
    }
    const credentialId = info.credential.id;
    if ((await findPasskey(c.var.db, credentialId)) !== null)
      throw new ApiError(409, '20022', 'Passkey already registered');
    const passkey = {
      accountId: account.id,
      credentialId,
      publicKey: toBase64Url(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? body.credential.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: body.name,
    };
    const [, inserted] = await c.var.db.batch([
      // Before the insert, guarded by its conditions: the event exists exactly when the passkey is stored.
      ...passkeyAddedEvent(c.var.db, passkey, now),
      ...insertPasskeyQueries(c.var.db, passkey, now),
      audit(c, account.id, 'passkey.added', { name: body.name, synced: info.credentialBackedUp }),
    ]);
    // Lost a race with a parallel registration of the same credential or past the limit: nothing was stored.
    if (inserted.rowsAffected !== 1) throw new ApiError(409, '20022', 'Passkey not stored');
    await sendPasskeyNotice(c, account.email, 'passkeyAdded', body.name, body.timeOffset);
    const row = await findAccountPasskey(c.var.db, account.id, credentialId);
    if (row === null) throw new Error('Passkey missing right after it was stored');
    return { passkey: summary(row) };
  });

  mount(app, renamePasskey, async (c, { body, account }) => {
    const [renamed] = await c.var.db.batch([
      renamePasskeyQuery(c.var.db, account.id, body.credentialId, body.name),
      audit(c, account.id, 'passkey.renamed', { name: body.name }),
    ]);
    if (renamed.rowsAffected !== 1) throw badInput('No such passkey on this account');
    return {};
  });

  mount(app, removePasskey, async (c, { body, session: s, account }) => {
    await assertMayChangeFactors(c, s, account, 'mfa');
    const row = await findAccountPasskey(c.var.db, account.id, body.credentialId);
    if (row === null) throw badInput('No such passkey on this account');
    const now = c.var.clock.now();
    // A second factor is left without this passkey: an authenticator, SMS, or another passkey.
    const factorLeft = authTypesOf(account).authTypes.length > 0 || account.passkey_count > 1;
    const [, removed] = await c.var.db.batch([
      ...passkeyRemovedEvent(c.var.db, account.id, body.credentialId, factorLeft, now),
      ...removePasskeyQueries(c.var.db, account.id, body.credentialId, now),
      audit(c, account.id, 'passkey.removed', { name: row.name }),
    ]);
    if (removed.rowsAffected !== 1) throw badInput('No such passkey on this account');
    await sendPasskeyNotice(c, account.email, 'passkeyRemoved', row.name, body.timeOffset);
    return {};
  });

  mount(app, startPasskeySignIn, async (c) => {
    // Bound to this browser's passkey cookie (issued now when it has none): only this browser can answer it.
    const binding = await issuePasskeyBinding(c);
    return issue(c, 'sign-in', binding, null, (challenge) =>
      generateAuthenticationOptions({
        rpID: rpIdOf(c),
        challenge,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      }),
    );
  });

  mount(app, finishPasskeySignIn, async (c, { body }) => {
    const credential = body.credential as AuthenticationResponseJSON;
    // No binding cookie: no challenge can match; the same refusal as any other (the challenge is still spent).
    const binding = (await passkeyBinding(c)) ?? 'none';
    const row = await findPasskey(c.var.db, credential.id);
    const used = await checkAssertion(c, {
      credential,
      purpose: 'sign-in',
      binding,
      accountId: null,
      row,
      requireUserVerification: true,
    });
    const account = await findAccountById(c.var.db, used.account_id);
    if (account === null) throw passkeyRefused();
    // A user-verified passkey is something the player has and is (or knows): both factors. The sign-in goes on
    // exactly as after a password (account state, healup, terms), with the second factor already proven.
    return signInAfterPassword(c, account, {
      rememberMe: body.autoLogin,
      deviceId: body.deviceId,
      detail: {
        channel: 'passkey',
        ...(body.localTime === undefined ? {} : { localTime: body.localTime }),
        ...(body.timeOffset === undefined ? {} : { timeOffset: body.timeOffset }),
      },
      secondFactorDone: true,
      // RFC 8176: the key (device-bound or synced) with user verification: two factors at once.
      amr: [passkeyAmr(used.device_type), 'mfa'],
    });
  });

  mount(app, startPasskeySecondStep, async (c, { session }) => {
    if (session?.level !== 'mfa_pending') throw noPendingSignIn();
    const account = await signingInAccount(c, session);
    await assertSecondFactorStep(c, session);
    const rows = await listPasskeyRows(c.var.db, account.id);
    if (rows.length === 0) throw badInput('No passkey on this account');
    return issue(c, 'second-factor', session.tokenHash, account.id, (challenge) =>
      generateAuthenticationOptions({
        rpID: rpIdOf(c),
        challenge,
        timeout: CEREMONY_TIMEOUT_MS,
        allowCredentials: rows.map((r) => ({ id: r.credential_id, transports: transportsOf(r) })),
        // The password was the first factor: presence on a registered passkey is the second.
        userVerification: 'preferred',
      }),
    );
  });

  mount(app, finishPasskeySecondStep, async (c, { body, session }) => {
    if (session?.level !== 'mfa_pending') throw noPendingSignIn();
    if (session.deviceId !== null && session.deviceId !== body.deviceId) throw noPendingSignIn();
    const account: AccountRow = await signingInAccount(c, session);
    await assertSecondFactorStep(c, session);
    const credential = body.credential as AuthenticationResponseJSON;
    const used = await checkAssertion(c, {
      credential,
      purpose: 'second-factor',
      binding: session.tokenHash,
      accountId: account.id,
      row: await findAccountPasskey(c.var.db, account.id, credential.id),
      requireUserVerification: false,
    });
    await c.var.db.run(audit(c, account.id, 'mfa.login.verified', { method: 'PASSKEY' }));
    await completeSecondFactor(c, [passkeyAmr(used.device_type)]);
    return {};
  });
}
