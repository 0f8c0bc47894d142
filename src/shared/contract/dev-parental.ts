/**
 * DEV_TOOLS test hooks of parental controls (404 without DEV_TOOLS, left out
 * of the OpenAPI document like every dev route): make an account a minor in a
 * family, and read what the API recorded (parent row, consents, the consent
 * charge ledger and the local provider's payments), so the API tests can
 * prove what changed and what did not.
 */
import * as z from 'zod/mini';
import { emptyResponse, postBody, queryInt } from './common';
import { endpoint } from './endpoint';

const accountId = z.number().check(z.int(), z.positive());

export const devSetFamily = endpoint({
  id: 'devSetFamily',
  base: 'core',
  method: 'POST',
  path: '/dev/parental/family',
  body: postBody({
    accountId,
    /** Flags the account a minor (accounts.is_minor). */
    isMinor: z.optional(z.boolean()),
    /** Links the account as a child of this parent (null: unlinks it). */
    parentId: z.optional(z.nullable(accountId)),
    /** Marks the account a parent with consent recorded now (a card consent without a charge). */
    consentedParent: z.optional(z.boolean()),
    /** The child's accessible games (comma-separated product ids). */
    accessibleProductIds: z.optional(z.string().check(z.regex(/^(?:\d+(?:,\d+)*)?$/))),
  }),
  response: emptyResponse,
  auth: false,
  summary: 'Puts an account into a family state (test hook).',
});

/**
 * Sets how many card consents today's deployment-wide cap has counted (issue 26 §3), so the API tests reach
 * the cap without 500 real tries; answers the cap itself (server/parental/vpc-limits.ts).
 */
export const devSetCardCap = endpoint({
  id: 'devSetCardCap',
  base: 'core',
  method: 'POST',
  path: '/dev/parental/card-cap',
  body: postBody({ used: z.number().check(z.int(), z.nonnegative()) }),
  response: z.object({ max: z.number() }),
  auth: false,
  summary: 'Sets the count of the daily cap on card consents (test hook).',
});

const row = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const devParentalState = endpoint({
  id: 'devParentalState',
  base: 'core',
  method: 'GET',
  path: '/dev/parental/state',
  query: z.strictObject({ accountId: queryInt }),
  response: z.object({
    isParent: z.boolean(),
    status: z.number(),
    parentalConsentAt: z.nullable(z.number()),
    termsAcceptedAt: z.nullable(z.number()),
    parentId: z.nullable(z.number()),
    children: z.array(row),
    consents: z.array(row),
    charges: z.array(row),
    payments: z.array(row),
    sessions: z.number(),
    trustedDevices: z.number(),
    audit: z.array(z.string()),
  }),
  auth: false,
  summary: 'What the API recorded for an account in parental controls (test hook).',
});
