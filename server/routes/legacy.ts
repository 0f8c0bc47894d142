/**
 * Legacy accounts (spec §1, §7 migrate-legacy, §8 20211; docs/legacy.md).
 *
 * migrate-legacy: after the sign-in answered 20211 and the player agreed, the
 * account moves to its legacy email as sign-in id. The password is checked
 * again through the sign-in's own password step (attempt limits reserved
 * before verifying, one answer for every refusal: 20002, no enumeration).
 * The legacy ID is retired; the client then signs in again with the email.
 */
import type { Hono } from 'hono';
import { migrateLegacyLogin } from '../../src/shared/contract/launcher-login';
import { findAccountByLogin } from '../db/accounts';
import { auditStatement } from '../db/audit';
import type { AppEnv } from '../http/app-env';
import { mount } from '../http/mount';
import { migrateToEmail, pendingLegacy } from '../legacy/store';
import { checkPassword, wrongCredentials } from '../security/authenticate';
import { clientIp } from '../security/sessions';
import { accountStateError } from '../security/sign-in';

export function legacyRoutes(app: Hono<AppEnv>): void {
  mount(app, migrateLegacyLogin, async (c, { body }) => {
    const db = c.env.DB;
    const found = await findAccountByLogin(db, body.id.trim());
    // The migrate call has no captcha of its own: a demanded captcha (20072) is solved on the sign-in form first.
    const { account } = await checkPassword(c, found, body.password, { loginId: body.id, captchaSolved: false });
    const refused = accountStateError(account);
    if (refused) throw refused;
    const now = c.var.clock.now();
    const ip = clientIp(c);
    const legacy = await pendingLegacy(db, account.id);
    // Only the email the 20211 answer offered: the account's own, whose uniqueness the accounts table keeps.
    const offered = legacy?.kind === 'email' && account.email.toLowerCase() === body.email.trim().toLowerCase();
    if (!offered || !(await migrateToEmail(db, account.id, ip, now))) {
      await auditStatement(db, { accountId: account.id, event: 'legacy.refused', ip }, now).run();
      throw wrongCredentials();
    }
    return {};
  });
}
