/**
 * DEV_TOOLS test hooks of parental controls (src/shared/contract/dev-parental.ts).
 * Mounted after devRoutes, whose gate answers 404 for every /api/dev path
 * when DEV_TOOLS is off.
 */
import type { Hono } from 'hono';
import { devParentalState, devSetFamily } from '../../src/shared/contract/dev-parental';
import { findAccountById } from '../core/data/accounts';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';

type Row = Record<string, string | number | null>;

export function devParentalRoutes(app: Hono<AppEnv>): void {
  mount(app, devSetFamily, async (c, { body }) => {
    const db = c.env.DB;
    const now = c.var.clock.now();
    if (!(await findAccountById(db, body.accountId))) throw new ApiError(404, '20215', 'Account missing');
    const statements: D1PreparedStatement[] = [];
    if (body.isMinor !== undefined)
      statements.push(
        db.prepare('UPDATE accounts SET is_minor = ?2 WHERE id = ?1').bind(body.accountId, body.isMinor ? 1 : 0),
      );
    if (body.parentId !== undefined) {
      statements.push(db.prepare('DELETE FROM family_links WHERE child_id = ?1').bind(body.accountId));
      if (body.parentId !== null)
        statements.push(
          db
            .prepare(
              "INSERT INTO family_links (child_id, parent_id, accessible_product_ids, created_at) VALUES (?1, ?2, '', ?3)",
            )
            .bind(body.accountId, body.parentId, now),
        );
    }
    if (body.accessibleProductIds !== undefined)
      statements.push(
        db
          .prepare('UPDATE family_links SET accessible_product_ids = ?2 WHERE child_id = ?1')
          .bind(body.accountId, body.accessibleProductIds),
      );
    if (body.consentedParent === true)
      statements.push(
        db
          .prepare('INSERT INTO parental_controls (parent_id, started_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING')
          .bind(body.accountId, now),
        db
          .prepare(
            `INSERT INTO parental_consents (parent_id, method, consent_location, provider_ref, created_at)
             VALUES (?1, 'card', 'WEB', 'dev', ?2)`,
          )
          .bind(body.accountId, now),
        db.prepare('UPDATE accounts SET parental_consent_at = ?2 WHERE id = ?1').bind(body.accountId, now),
      );
    if (statements.length > 0) await db.batch(statements);
    return {};
  });

  mount(app, devParentalState, async (c, { query }) => {
    const db = c.env.DB;
    const id = query.accountId;
    const account = await findAccountById(db, id);
    if (!account) throw new ApiError(404, '20215', 'Account missing');
    const all = async (sql: string) => (await db.prepare(sql).bind(id).all<Row>()).results;
    const one = async (sql: string) => (await db.prepare(sql).bind(id).first<{ n: number }>())?.n ?? 0;
    const link = await db
      .prepare('SELECT parent_id FROM family_links WHERE child_id = ?1')
      .bind(id)
      .first<{ parent_id: number }>();
    return {
      isParent: (await one('SELECT COUNT(*) AS n FROM parental_controls WHERE parent_id = ?1')) > 0,
      status: account.status,
      parentalConsentAt: account.parental_consent_at,
      termsAcceptedAt: account.terms_accepted_at,
      parentId: link?.parent_id ?? null,
      children: await all(
        'SELECT child_id, accessible_product_ids FROM family_links WHERE parent_id = ?1 ORDER BY child_id',
      ),
      consents: await all(
        'SELECT method, consent_location, provider_ref, refund_ref FROM parental_consents WHERE parent_id = ?1 ORDER BY id',
      ),
      charges: await all(
        `SELECT id, status, charge_ref, refund_ref, refund_attempts, last4, amount_cents FROM parental_vpc_charges
         WHERE parent_id = ?1 ORDER BY created_at`,
      ),
      payments: await all(
        'SELECT id, amount_cents, status, refund_attempts, refund_key FROM payments WHERE account_id = ?1 ORDER BY created_at',
      ),
      sessions: await one('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?1'),
      trustedDevices: await one('SELECT COUNT(*) AS n FROM trusted_devices WHERE account_id = ?1'),
      audit: (await all('SELECT event FROM audit_log WHERE account_id = ?1 ORDER BY id')).map((r) => String(r.event)),
    };
  });
}
