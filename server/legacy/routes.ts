/**
 * Legacy accounts (spec §1, §7 migrate-legacy, §8 20211; docs/legacy.md).
 *
 * migrate-legacy: after the sign-in answered 20211 and the player agreed, the
 * account moves to its legacy email as sign-in id. The password is checked
 * again through the sign-in's own password step (attempt limits reserved
 * before verifying, one answer for every refusal: 20002, no enumeration).
 * The legacy ID is retired; the client then signs in again with the email.
 *
 * migrate (create-legacy): a legacy-ID account (no usable email, 20184) takes
 * a new email ID. The address is proved by the sign-up email code (requested
 * and checked with the sign-up email calls, which tell no one whether an
 * address is registered); refId is that code, used up here. Password first
 * (nothing is spent on a wrong one), then the code, then one batch.
 */
import type { Hono } from 'hono';
import { migrateAccount, migrateLegacyLogin } from '../../src/shared/contract/launcher-login';
import { findAccountByLogin } from '../core/data/accounts';
import { emailTaken } from '../signup/data';
import { auditStatement } from '../core/data/audit';
import type { AppEnv } from '../core/http/app-env';
import { mount } from '../core/http/mount';
import { migrateToEmail, migrateToNewId, pendingLegacy } from './data';
import { isUniqueViolation } from '../core/db/engine';
import { checkPassword, wrongCredentials } from '../signin/authenticate';
import { clientIp } from '../core/http/client-ip';
import { accountStateError } from '../signin/sign-in';
import { taken, verifySignupCode } from '../signup/routes';

export function legacyRoutes(app: Hono<AppEnv>): void {
  mount(app, migrateLegacyLogin, async (c, { body }) => {
    const db = c.var.db;
    const found = await findAccountByLogin(db, body.id.trim());
    // The migrate call has no captcha of its own: a demanded captcha (20072) is solved on the sign-in form first.
    const { account } = await checkPassword(c, found, body.password, { loginId: body.id, captchaSolved: false });
    const refused = accountStateError(account);
    if (refused) throw refused;
    const now = c.var.clock.now();
    const ip = clientIp(c);
    const legacy = await pendingLegacy(c.var.db, account.id);
    // Only the email the 20211 answer offered: the account's own, whose uniqueness the accounts table keeps.
    const offered = legacy?.kind === 'email' && account.email.toLowerCase() === body.email.trim().toLowerCase();
    if (!offered || !(await migrateToEmail(c.var.db, account.id, ip, now))) {
      await c.var.db.run(auditStatement(db, { accountId: account.id, event: 'legacy.refused', ip }, now));
      throw wrongCredentials();
    }
    return {};
  });

  mount(app, migrateAccount, async (c, { body }) => {
    const db = c.var.db;
    const found = await findAccountByLogin(db, body.id.trim());
    const { account } = await checkPassword(c, found, body.password, { loginId: body.id, captchaSolved: false });
    const refused = accountStateError(account);
    if (refused) throw refused;
    const ip = clientIp(c);
    const legacy = await pendingLegacy(c.var.db, account.id);
    // Only a legacy-ID account: a legacy-email one moves to its own email (migrate-legacy), others have nothing open.
    if (legacy?.kind !== 'id') {
      await c.var.db.run(auditStatement(db, { accountId: account.id, event: 'legacy.refused', ip }, c.var.clock.now()));
      throw wrongCredentials();
    }
    const newId = body.newId.trim();
    // The code proves the mailbox (20013 wrong, 20018 expired, 20157 locked); used up only when right.
    await verifySignupCode(c, newId, body.refId, true);
    // A code is only sent to a free address; this catches one registered since (the owner proved the mailbox).
    if (await emailTaken(c.var.db, newId)) throw taken();
    let migrated: boolean;
    try {
      migrated = await migrateToNewId(c.var.db, account.id, newId, ip, c.var.clock.now());
    } catch (error) {
      if (isUniqueViolation(error, 'accounts', 'email')) throw taken();
      throw error;
    }
    if (!migrated) throw wrongCredentials();
    return {};
  });
}
