/**
 * DEV_TOOLS test hooks of legacy accounts (src/shared/contract/dev-legacy.ts).
 * Mounted after devRoutes, whose gate answers 404 for every /api/dev path
 * when DEV_TOOLS is off.
 */
import type { Hono } from 'hono';
import { devLegacyState, devMakeLegacy } from '../../src/shared/contract/dev-legacy';
import { findAccountById, findPasswordHash } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { legacyHash, isLegacyHash } from '../core/security/legacy-hash';
import { parseHash } from '../core/security/password';
import { newSupportCode, placeholderEmail } from '../legacy/support-code';
import { LEGACY_ID } from '../signin/routes';
import { insertLinkStatement } from '../social/data';
import { auditEvents, legacyMigratedAt, makeLegacyStatements } from './data';
import { legacyBcryptCost } from '../legacy/timing';

export function devLegacyRoutes(app: Hono<AppEnv>): void {
  mount(app, devMakeLegacy, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const account = await findAccountById(c.var.db, body.accountId);
    if (!account) throw new ApiError(404, '20215', 'Account missing');
    if (!LEGACY_ID.test(body.loginId)) throw badInput('Not a legacy ID');
    // At the legacy cost the decoy of unknown IDs uses here (server/legacy/timing.ts): bcrypt's lowest, fast tests.
    const hash = await legacyHash(body.password, legacyBcryptCost(c.env));
    const supportCode = newSupportCode();
    const email = body.kind === 'id' ? placeholderEmail(account.id) : account.email;
    await db.batch([
      ...makeLegacyStatements(
        db,
        {
          accountId: account.id,
          kind: body.kind,
          loginId: body.loginId,
          email,
          emailVerified: body.kind === 'email' && account.email_verified,
          passwordHash: hash,
          supportCode,
        },
        now,
      ),
      ...(body.link === undefined
        ? []
        : [insertLinkStatement(db, { ...body.link, accountId: account.id, email: null, displayName: null }, now)]),
    ]);
    return { supportCode, email };
  });

  mount(app, devLegacyState, async (c, { query }) => {
    const account = await findAccountById(c.var.db, query.accountId);
    if (!account) throw new ApiError(404, '20215', 'Account missing');
    const stored = (await findPasswordHash(c.var.db, account.id)) ?? '';
    const passwordScheme: 'bcrypt' | 'lfp1' | 'other' = isLegacyHash(stored)
      ? 'bcrypt'
      : parseHash(stored)
        ? 'lfp1'
        : 'other';
    return {
      email: account.email,
      loginId: account.login_id,
      passwordScheme,
      migratedAt: (await legacyMigratedAt(c.var.db, account.id)) ?? null,
      events: await auditEvents(c.var.db, account.id),
    };
  });
}
