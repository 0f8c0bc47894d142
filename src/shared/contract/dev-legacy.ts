/**
 * DEV_TOOLS test hooks of legacy accounts (404 without DEV_TOOLS, left out of
 * the OpenAPI document like every dev route; docs/legacy.md): turn a fresh
 * account into an account carried over from the old system (legacy ID, bcrypt
 * hash, open migration), and read back what the API stored, so the API tests
 * and the e2e suite reach 20211 and 20184 through the real sign-in calls.
 */
import * as z from 'zod/mini';
import { loginId, password, postBody, queryInt } from './common';
import { endpoint } from './endpoint';
import { socialProvider } from './social';

const accountId = z.number().check(z.int(), z.positive());

export const devMakeLegacy = endpoint({
  id: 'devMakeLegacy',
  base: 'core',
  method: 'POST',
  path: '/dev/legacy/account',
  body: postBody({
    accountId,
    /** 'email': the account's email is usable (20211); 'id': none is (20184, the email becomes a placeholder). */
    kind: z.enum(['email', 'id']),
    /** The old system's sign-in ID (accounts.login_id). */
    loginId,
    /** Stored as the old system did: a bcrypt hash. */
    password,
    /** A provider identity the old system had linked (login/migration-tpa): linked to the account. */
    link: z.optional(
      z.strictObject({ provider: socialProvider, subject: z.string().check(z.minLength(1), z.maxLength(255)) }),
    ),
  }),
  response: z.object({ supportCode: z.string(), email: z.string() }),
  auth: false,
  summary: 'Makes an account a legacy account with an open migration (test hook).',
});

export const devLegacyState = endpoint({
  id: 'devLegacyState',
  base: 'core',
  method: 'GET',
  path: '/dev/legacy/state',
  query: z.strictObject({ accountId: queryInt }),
  response: z.object({
    email: z.string(),
    loginId: z.nullable(z.string()),
    /** The stored password hash's scheme, never the hash. */
    passwordScheme: z.enum(['bcrypt', 'lfp1', 'other']),
    migratedAt: z.nullable(z.number()),
    /** The account's audit events, oldest first. */
    events: z.array(z.string()),
  }),
  auth: false,
  summary: "Reads a legacy account's migration state (test hook).",
});
