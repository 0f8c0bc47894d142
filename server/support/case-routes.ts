/**
 * Ownership verification (spec §2 self-service verify; issue 13 part B;
 * docs/support-cases.md): the form of a player who lost every factor
 * becomes a support case.
 *
 * Order: the cross-field rules (nothing counted or stored for a broken one),
 * then the limits are reserved (per IP and per account as typed), then the
 * captcha, then the case is stored with its audit row in one batch and the
 * emails go out. The answer is the reference whether or not the account
 * exists: the same statements run, the same two emails are sent (the
 * player's confirmation to the contact address, the case to the support
 * mailbox), and only the operator sees the "not found" flag.
 */
import type { Hono } from 'hono';
import { localeOfLanguage } from '../core/reference/countries';
import { findAccountByLogin } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { assertCaptcha, emailProvider } from '../core/providers/index';
import { reserve, type Limit } from '../core/security/rate-limit';
import { clientIp, clientLimitIp } from '../core/http/client-ip';
import { settingsOf } from '../core/env';
import { submitOwnershipCase } from '../../src/shared/contract/support-cases';
import { OWNERSHIP_LIMITS, ownershipProblems } from '../../src/shared/validation/ownership';
import { insertCaseStatement, newReference, type NewCase } from './cases-data';
import { mailboxEmail, receivedEmail } from './case-mail';
import { supportMailbox } from './mailbox';
import { isUniqueViolation, type Db } from '../core/db/engine';

const HOUR = 3_600_000;

/** Cases per IP: a player needs one, a second after a typo; 5 an hour stops a flood of the support desk. */
export const CASES_PER_IP: Limit = {
  scope: 'support-case:ip',
  max: 5,
  windowMs: HOUR,
  lockMs: HOUR,
  code: '20157',
  onSuccess: 'keep',
};

/** Cases per account as typed: 3 a day, so no one buries an account's cases or spams its support thread. */
export const CASES_PER_SUBJECT: Limit = {
  scope: 'support-case:subject',
  max: 3,
  windowMs: 24 * HOUR,
  lockMs: 24 * HOUR,
  code: '20157',
  onSuccess: 'keep',
};

/** The key of an account as typed: emails and IDs are matched without case (the accounts table's NOCASE). */
export function caseSubject(account: string): string {
  return account.trim().toLowerCase();
}

export function supportCaseRoutes(app: Hono<AppEnv>): void {
  mount(app, submitOwnershipCase, async (c, { body }) => {
    const now = c.var.clock.now();
    const account = body.account.trim();
    const orderId = body.orderId?.trim() === '' ? undefined : body.orderId?.trim();
    const problems = ownershipProblems({ ...body, orderId }, now);
    if (account === '' || body.description.trim().length < OWNERSHIP_LIMITS.descriptionMin || problems.length > 0)
      throw badInput(`Ownership case refused: ${problems.join(', ') || 'blank account or short description'}`);

    const ip = clientIp(c);
    await reserve(c.var.db, now, [
      [CASES_PER_IP, clientLimitIp(c) ?? 'unknown'],
      [CASES_PER_SUBJECT, caseSubject(account)],
    ]);
    await assertCaptcha(c, body.captchaToken, body.captchaVersion, body.captchaAction);

    const found = await findAccountByLogin(c.var.db, account);
    const locale = localeOfLanguage(body.language);
    const portalOrigin = c.req.header('Origin') ?? new URL(c.req.url).origin;
    const base: Omit<NewCase, 'reference'> = {
      accountId: found?.id ?? null,
      accountInput: account,
      contactEmail: body.contactEmail.trim(),
      productIds: body.productIds,
      gameRegion: body.gameRegion ?? null,
      orderId: orderId ?? null,
      purchaseDate: orderId === undefined ? null : (body.purchaseDate ?? null),
      description: body.description.trim(),
      locale,
      portalOrigin,
      ip,
    };
    const reference = await storeCase(c.var.db, base, now);

    const settings = settingsOf(c.env);
    const mailbox = supportMailbox(settings.region.id, c.env.SUPPORT_MAILBOX);
    const details = { ...base, reference, accountEmail: found?.email ?? null, createdAt: now };
    // The case is stored: a delivery failure is logged (never the text), the player still gets the reference.
    for (const message of [receivedEmail(base.contactEmail, reference, locale), mailboxEmail(mailbox, details)]) {
      try {
        await emailProvider(c).send(message);
      } catch (e) {
        console.error('Support case email not delivered', { reference, error: e instanceof Error ? e.name : 'x' });
      }
    }
    return { reference };
  });
}

/** Stores the case and its audit row in one batch; a reference collision (unique) is retried with a new one. */
async function storeCase(db: Db, base: Omit<NewCase, 'reference'>, now: number): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const reference = newReference();
    try {
      await db.batch([
        insertCaseStatement(db, { ...base, reference }, now),
        auditStatement(
          db,
          { accountId: base.accountId, event: 'support.case.opened', ip: base.ip, detail: { reference } },
          now,
        ),
      ]);
      return reference;
    } catch (e) {
      if (!isUniqueViolation(e, 'support_cases', 'reference')) throw e;
    }
  }
  throw new ApiError(500, 'SERVER_ERROR', 'No free case reference');
}
