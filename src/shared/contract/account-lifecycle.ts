/**
 * Issue 12 part B on the account-setting base: download my data, and delete
 * my account (30-day grace period, cancellable at sign-in). docs/settings.md
 * "Your data and account deletion" describes the rules.
 */
import * as z from 'zod/mini';
import { emptyResponse, opaqueToken, postBody, serverLanguage } from './common';
import { endpoint } from './endpoint';
import { isoDateTime } from './formats';

/** How long a requested deletion waits before the account is removed. */
export const DELETION_GRACE_DAYS = 30;

/** One table's rows of the account, secrets left out (column → value). */
const exportRows = z.array(z.record(z.string(), z.unknown()));

export const exportAccountData = endpoint({
  id: 'exportAccountData',
  base: 'accountSetting',
  method: 'GET',
  path: '/data-export',
  response: z.object({
    format: z.literal('lumenforge-account-export/1'),
    exportedAt: isoDateTime(),
    accountId: z.number(),
    /** Every table that holds rows of the account, by table name; the audit log is `audit_log`. */
    tables: z.record(z.string(), exportRows),
  }),
  auth: true,
  summary:
    'Everything the account holds as JSON (Content-Disposition: attachment), audit log included; password ' +
    'hashes, secrets, codes and tokens left out. Needs a settings verification (403 20008 N=9).',
});

export const requestAccountDeletion = endpoint({
  id: 'requestAccountDeletion',
  base: 'accountSetting',
  method: 'POST',
  path: '/deletion',
  body: postBody({ language: serverLanguage }),
  response: z.object({ purgeAt: isoDateTime() }),
  auth: true,
  summary:
    `Schedules the account's deletion in ${String(DELETION_GRACE_DAYS)} days and signs out every session. ` +
    'Needs a settings verification (403 20008 N=9); a parent with child accounts is refused (409 ACCOUNT_HAS_CHILDREN).',
});

/**
 * The answer a sign-in gets during the grace period (403 ACCOUNT_DELETION_PENDING): the message is this JSON,
 * with a single-use ticket that cancels the deletion.
 */
export const deletionPendingMessage = z.object({ purgeAt: isoDateTime(), ticket: opaqueToken });
export type DeletionPending = z.infer<typeof deletionPendingMessage>;

export const cancelAccountDeletion = endpoint({
  id: 'cancelAccountDeletion',
  base: 'accountSetting',
  method: 'POST',
  path: '/no-auth/deletion/cancel',
  body: postBody({ ticket: opaqueToken, language: serverLanguage }),
  response: emptyResponse,
  auth: false,
  summary:
    'Cancels a pending deletion with the ticket of the sign-in that met it (400 20018 when the ticket is ' +
    'unknown, used or expired); the player then signs in as usual.',
});

export const ACCOUNT_LIFECYCLE_ENDPOINTS = [exportAccountData, requestAccountDeletion, cancelAccountDeletion] as const;

/** DEV_TOOLS only: removes every account whose grace period has ended (`npm run accounts:purge`). */
export const devPurgeAccounts = endpoint({
  id: 'devPurgeAccounts',
  base: 'core',
  method: 'POST',
  path: '/dev/accounts/purge',
  body: postBody({}),
  response: z.object({ purged: z.number() }),
  auth: false,
  summary: 'Purges the accounts whose deletion grace period has ended (test and operator hook).',
});

/** DEV_TOOLS only: makes one account the child of another (parental controls' screens come with issue 14). */
export const devLinkChild = endpoint({
  id: 'devLinkChild',
  base: 'core',
  method: 'POST',
  path: '/dev/family/link',
  body: postBody({
    parentId: z.number().check(z.int(), z.positive()),
    childId: z.number().check(z.int(), z.positive()),
  }),
  response: emptyResponse,
  auth: false,
  summary: 'Links a child account to a parent (test hook).',
});
