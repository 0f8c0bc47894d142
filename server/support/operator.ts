/**
 * What an operator does with a case (docs/support-cases.md): list, show,
 * approve, reject. `npm run support:cases` (scripts/support-cases.mjs) runs
 * these against the local D1, or a deployment's D1 with --remote; the tests
 * call the same functions. No HTTP route serves them: a deciding operator is
 * someone with access to the region's database, not a web session.
 *
 * - approve: the open case of a found account becomes approved (with its
 *   audit row), then a single-use reset token is issued
 *   (server/self-service/reset-token.ts) and the player gets the link to
 *   self-service/reset-password?token= at the case's contact address; the
 *   account's own address is told too when it is another one;
 * - reject: the open case becomes rejected and the player is told, with a
 *   link to self-service/verify/rejected, which offers a new request.
 */
import type { Clock } from '../core/clock';
import type { EmailProvider } from '../core/providers/email';
import { issueResetToken, RESET_TOKEN_TTL_MS } from '../self-service/reset-token';
import type { Db } from '../core/db/engine';
import { decideCase, findCase, type CaseRow } from './cases-data';
import { accountNoticeEmail, approvedEmail, caseLocale, portalLink, rejectedEmail } from './case-mail';

export interface OperatorDeps {
  /** The region's database, on either engine (the script opens it: d1Db over the binding, or dbFor). */
  db: Db;
  clock: Clock;
  email: EmailProvider;
  /** Who decides (recorded in the audit log): the operator's name or login. */
  operator: string;
}

/** A refusal the operator reads: an unknown reference, a case decided already, a case with no account. */
export class CaseRefused extends Error {
  override readonly name = 'CaseRefused';
}

export interface Decision {
  reference: string;
  status: 'approved' | 'rejected';
  /** Where the player was told. */
  contactEmail: string;
  /** The link the player got (the reset link on approval). */
  link: string;
  /** The reset link's end (approval only). */
  expiresAt?: number;
}

async function openCase(db: Db, reference: string): Promise<CaseRow> {
  const found = await findCase(db, reference.trim().toUpperCase());
  if (found === null) throw new CaseRefused(`No case ${reference}`);
  if (found.status !== 'open') throw new CaseRefused(`Case ${found.reference} is already ${found.status}`);
  return found;
}

export async function approveCase(deps: OperatorDeps, reference: string): Promise<Decision> {
  const { db, clock } = deps;
  const found = await openCase(db, reference);
  if (found.account_id === null)
    throw new CaseRefused(
      `Case ${found.reference} matches no account ("${found.account_input}"): it can only be rejected`,
    );
  const decided = await decideCase(db, found.reference, 'approved', deps.operator, clock.now());
  if (decided === undefined) throw new CaseRefused(`Case ${found.reference} was decided by someone else just now`);
  // The account is read again from the decision (it may have been deleted since the case was read).
  if (decided.accountId === null) throw new CaseRefused(`The account of case ${found.reference} no longer exists`);
  const { token, expiresAt } = await issueResetToken(db, clock, decided.accountId);
  const locale = caseLocale(found.locale);
  const link = portalLink(found.portal_origin, locale, 'self-reset-password', { token });
  await deps.email.send(approvedEmail(found.contact_email, found.reference, link, RESET_TOKEN_TTL_MS, locale));
  if (found.account_email !== null && found.account_email.toLowerCase() !== found.contact_email.toLowerCase())
    await deps.email.send(accountNoticeEmail(found.account_email, found.reference, locale));
  return { reference: found.reference, status: 'approved', contactEmail: found.contact_email, link, expiresAt };
}

export async function rejectCase(deps: OperatorDeps, reference: string): Promise<Decision> {
  const { db, clock } = deps;
  const found = await openCase(db, reference);
  const decided = await decideCase(db, found.reference, 'rejected', deps.operator, clock.now());
  if (decided === undefined) throw new CaseRefused(`Case ${found.reference} was decided by someone else just now`);
  const locale = caseLocale(found.locale);
  const link = portalLink(found.portal_origin, locale, 'self-verify-rejected', { reference: found.reference });
  await deps.email.send(rejectedEmail(found.contact_email, found.reference, link, locale));
  return { reference: found.reference, status: 'rejected', contactEmail: found.contact_email, link };
}

export { findCase, listCases, CASE_STATUSES, type CaseRow, type CaseStatus } from './cases-data';
