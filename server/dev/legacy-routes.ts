/**
 * DEV_TOOLS test hooks of legacy accounts (src/shared/contract/dev-legacy.ts).
 * Mounted after devRoutes, whose gate answers 404 for every /api/dev path
 * when DEV_TOOLS is off.
 */
import type { Hono } from 'hono';
import * as z from 'zod/mini';
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

/** bcrypt's lowest cost: the hook only needs the format, and tests make many accounts. */
const TEST_COST = 4;

export function devLegacyRoutes(app: Hono<AppEnv>): void {
  mount(app, devMakeLegacy, async (c, { body }) => {
    const db = c.env.DB;
    const now = c.var.clock.now();
    const account = await findAccountById(db, body.accountId);
    if (!account) throw new ApiError(404, '20215', 'Account missing');
    if (!LEGACY_ID.test(body.loginId)) throw badInput('Not a legacy ID');
    const hash = await legacyHash(body.password, TEST_COST);
    const supportCode = newSupportCode();
    const email = body.kind === 'id' ? placeholderEmail(account.id) : account.email;
    await c.var.db.batch([
      db
        .prepare('UPDATE accounts SET login_id = ?2, email = ?3, email_verified = ?4, updated_at = ?5 WHERE id = ?1')
        .bind(account.id, body.loginId, email, body.kind === 'id' ? 0 : account.email_verified ? 1 : 0, now),
      db.prepare('UPDATE credentials SET password_hash = ?2 WHERE account_id = ?1').bind(account.id, hash),
      db.prepare('UPDATE password_history SET password_hash = ?2 WHERE account_id = ?1').bind(account.id, hash),
      db
        .prepare(
          `INSERT INTO legacy_accounts (account_id, kind, legacy_login_id, support_code, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5)`,
        )
        .bind(account.id, body.kind, body.loginId, supportCode, now),
      ...(body.link === undefined
        ? []
        : [
            insertLinkStatement(c.var.db, { ...body.link, accountId: account.id, email: null, displayName: null }, now),
          ]),
    ]);
    return { supportCode, email };
  });

  mount(app, devLegacyState, async (c, { query }) => {
    const db = c.env.DB;
    const account = await findAccountById(db, query.accountId);
    if (!account) throw new ApiError(404, '20215', 'Account missing');
    const stored = (await findPasswordHash(db, account.id)) ?? '';
    const legacy = await db
      .prepare('SELECT migrated_at FROM legacy_accounts WHERE account_id = ?1')
      .bind(account.id)
      .first<{ migrated_at: number | null }>();
    const { results } = await db
      .prepare('SELECT event FROM audit_log WHERE account_id = ?1 ORDER BY id')
      .bind(account.id)
      .all();
    const passwordScheme: 'bcrypt' | 'lfp1' | 'other' = isLegacyHash(stored)
      ? 'bcrypt'
      : parseHash(stored)
        ? 'lfp1'
        : 'other';
    return {
      email: account.email,
      loginId: account.login_id,
      passwordScheme,
      migratedAt: legacy?.migrated_at ?? null,
      events: z
        .array(z.object({ event: z.string() }))
        .parse(results)
        .map((r) => r.event),
    };
  });
}
