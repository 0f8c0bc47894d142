/**
 * login/migration-tpa (spec §2, §3 migration state; docs/legacy.md "Through a third-party sign-in"): a legacy
 * account reached through a third-party sign-in moves off its legacy ID with the third-party session as the
 * proof of ownership instead of the password. Both paths are chosen by this contract (the spec shows none).
 */
import * as z from 'zod/mini';
import { deviceId, email, localTime, postBody, timeOffset, verificationCode } from './common';
import { endpoint } from './endpoint';
import { socialProvider } from './social';

/**
 * Spec §3 migration state, for the account the browser's third-party session signs in to: `legacyLoginID` the
 * old system's ID; `kind` 'email' (its legacy email is usable: 20211) or 'id' (none is: 20184); `legacyEmail` the
 * email it will sign in with when the player agrees (kind 'email': the legacy email; kind 'id': the provider's
 * verified email when no account has it; null: the player chooses one and proves it by code); `emailVerified`
 * that email is proven (by the provider).
 */
export const tpaMigrationState = z.object({
  provider: socialProvider,
  legacyLoginID: z.string(),
  kind: z.enum(['email', 'id']),
  legacyEmail: z.nullable(email),
  emailVerified: z.boolean(),
});
export type TpaMigrationState = z.infer<typeof tpaMigrationState>;

export const getTpaMigration = endpoint({
  id: 'getTpaMigration',
  base: 'account',
  method: 'GET',
  path: '/no-auth/login/tpa/migration',
  response: tpaMigrationState,
  auth: false,
  flowSession: 'tpa',
  summary:
    "The migration state of the legacy account this browser's third-party session signs in to. 20159 without a third-party session, 20215 when its identity is linked to no account, 20022 when that account has nothing to migrate (path chosen by this contract).",
});

export const migrateTpa = endpoint({
  id: 'migrateTpa',
  base: 'account',
  method: 'POST',
  path: '/no-auth/login/tpa/migrate',
  body: postBody({
    /** The email the account signs in with from now on: the offered `legacyEmail`, or one proved by `code`. */
    email,
    /** The sign-up email code sent to `email` (as create-legacy's refId); only for an email other than the offered one. */
    code: z.optional(verificationCode),
    deviceId,
    localTime,
    timeOffset,
  }),
  response: z.object({ email }),
  auth: false,
  summary:
    'Moves the legacy account of the third-party session (used up) to `email` and starts its sign-in; login complete finishes it (it answers the §4 pause codes). 20159 no session, 20215 no linked account, 20022 nothing to migrate or not the offered email, 20013/20018/20157 the code, 20050 the email is taken (path chosen by this contract).',
});

export const MIGRATION_ENDPOINTS = [getTpaMigration, migrateTpa] as const;
