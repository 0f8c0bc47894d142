/**
 * Ownership verification (spec §2 self-service verify, issue 13 part B): a
 * player who lost every factor asks support to confirm the account is theirs.
 * The answer is the same whether the account exists or not (no enumeration):
 * a reference number the player quotes to support. What happens next is the
 * operator's (docs/support-cases.md).
 */
import * as z from 'zod/mini';
import { CASE_REFERENCE, GAME_REGIONS, MULTILINE_PATTERN, OWNERSHIP_LIMITS } from '../validation/ownership-limits';
import { checked } from './checked';
import { captchaToken, captchaVersion, email, postBody, serverLanguage } from './common';
import { endpoint } from './endpoint';
import { text } from './ids';
import { SELF_SERVICE_CAPTCHA_ACTIONS } from './self-service';

/** Free text over several lines (MULTILINE_PATTERN: the `text` kind plus line feeds). */
/* @__NO_SIDE_EFFECTS__ */
function multilineText(min: number, max: number) {
  return checked(z.string(), z.minLength(min), z.maxLength(max), z.regex(MULTILINE_PATTERN));
}

export { CASE_REFERENCE };
export const caseReference = checked(z.string(), z.regex(CASE_REFERENCE));

const productId = checked(z.number(), z.int(), z.positive(), z.lte(2_147_483_647));

export const submitOwnershipCase = endpoint({
  id: 'submitOwnershipCase',
  base: 'selfService',
  method: 'POST',
  path: '/no-auth/op/ownership-case',
  body: postBody({
    /** The account's email or ID, as the player remembers it. */
    account: text(1, OWNERSHIP_LIMITS.account),
    /** Where support answers: the account's address is often the one the player cannot reach. */
    contactEmail: email,
    productIds: z.array(productId).check(z.maxLength(OWNERSHIP_LIMITS.games)),
    gameRegion: z.optional(z.enum(GAME_REGIONS)),
    orderId: z.optional(text(1, OWNERSHIP_LIMITS.orderId)),
    purchaseDate: z.optional(checked(z.string(), z.regex(/^\d{4}-\d{2}-\d{2}$/))),
    description: multilineText(OWNERSHIP_LIMITS.descriptionMin, OWNERSHIP_LIMITS.descriptionMax),
    captchaToken,
    captchaVersion,
    captchaAction: z.enum(SELF_SERVICE_CAPTCHA_ACTIONS),
    /** The player's language (spec §9 server code): the emails to the player use it. */
    language: serverLanguage,
  }),
  response: z.object({ reference: caseReference }),
  auth: false,
  summary:
    'Ownership verification: stores a support case, emails the player a confirmation and support the case. ' +
    'The same answer whether or not the account exists; 20022 for a broken rule, 20157 over the limits.',
});

export const SUPPORT_CASE_ENDPOINTS = [submitOwnershipCase] as const;
