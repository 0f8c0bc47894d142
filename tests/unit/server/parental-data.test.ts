/**
 * The parental data module on both engines (issue 24): the same batches on
 * D1 (SQLite) and PostgreSQL. A family change and its audit rows are one
 * batch; the audit rows carry the change's own condition and come first, so
 * they are written exactly when the change happens (SQLite's `changes()` has
 * no PostgreSQL twin). The consent record is conditional: a second one records
 * nothing. The local payment provider's storage runs there too (its charge
 * is idempotent by the partial unique index on payments.idempotency_key).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { d1Db } from '../../../server/core/db/d1';
import type { Db } from '../../../server/core/db/engine';
import { postgresDb } from '../../../server/core/db/postgres';
import { confirmLocalSetup, localPayment } from '../../../server/core/providers/payment-local';
import { auditWhere } from '../../../server/core/data/audit';
import {
  awaitsConsent,
  childOfParent,
  childrenOf,
  childStatusDiffers,
  controlsDisabledAuditQuery,
  countChildren,
  disableControlsQueries,
  latestConsent,
  linkable,
  linkChildQueries,
  notStarted,
  parentalStartedAt,
  parentOf,
  recordConsentQueries,
  releasable,
  releaseChildQuery,
  startControlsQuery,
  setChildStatusQuery,
} from '../../../server/parental/data';
import { testD1 } from './d1-sqlite';
import { testPostgres, type TestPostgres } from './pg-harness';

const T0 = Date.UTC(2026, 10, 1);

let pg: TestPostgres;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  pg = await testPostgres();
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await pg.stop();
});

async function engines(): Promise<[string, Db][]> {
  const pgDb = postgresDb(await pg.fresh());
  closers.push(() => pgDb.close());
  return [
    ['d1', d1Db(testD1().db)],
    ['postgres', pgDb],
  ];
}

async function account(db: Db, email: string): Promise<number> {
  const row = await db.first(
    db.q
      .insertInto('accounts')
      .values({ email, full_name: email.split('@')[0] ?? '', created_at: T0, updated_at: T0 })
      .returning('id'),
  );
  if (row === undefined) throw new Error('no account');
  return row.id;
}

async function audit(db: Db, accountId: number): Promise<string[]> {
  const rows = await db.all(
    db.q.selectFrom('audit_log').select('event').where('account_id', '=', accountId).orderBy('id'),
  );
  return rows.map((r) => r.event);
}

const entry = (accountId: number, event: string) => ({ accountId, event, ip: '203.0.113.1', detail: {} });

describe('parental data on both engines', () => {
  it('starts controls once, records consent once, links, changes and releases a child with exact audit rows', async () => {
    for (const [name, db] of await engines()) {
      const parent = await account(db, `parent-${name}@example.test`);
      const kid = await account(db, `kid-${name}@example.test`);

      // Start: a second start changes nothing.
      const [, first] = await db.batch([
        auditWhere(db, notStarted(parent), entry(parent, 'parental.started'), T0),
        startControlsQuery(db, parent, T0),
      ]);
      expect(first.rowsAffected, name).toBe(1);
      const [, again] = await db.batch([
        auditWhere(db, notStarted(parent), entry(parent, 'parental.started'), T0 + 1),
        startControlsQuery(db, parent, T0 + 1),
      ]);
      expect(again.rowsAffected, name).toBe(0);
      expect(await parentalStartedAt(db, parent), name).toBe(T0);

      // Consent: recorded once, with its audit row; the second try records nothing and writes no audit row.
      const consent = {
        method: 'card' as const,
        consentLocation: 'WEB' as const,
        providerRef: 'ch_1',
        refundRef: 're_1',
      };
      for (const at of [T0 + 10, T0 + 20]) {
        const [, inserted] = await db.batch([
          auditWhere(db, awaitsConsent(parent), entry(parent, 'parental.consent-recorded'), at),
          ...recordConsentQueries(db, parent, consent, at),
        ]);
        expect(inserted.rows.length, name).toBe(at === T0 + 10 ? 1 : 0);
      }
      expect(await latestConsent(db, parent), name).toMatchObject({ method: 'card', created_at: T0 + 10 });

      // Link: once; the child is then not linkable again (no audit row the second time).
      for (const round of [1, 2]) {
        const [, , linked] = await db.batch([
          auditWhere(db, linkable(parent, kid), entry(parent, 'parental.child-linked'), T0 + 30),
          auditWhere(db, linkable(parent, kid), entry(kid, 'parental.child-linked'), T0 + 30),
          ...linkChildQueries(db, parent, kid, T0 + 30),
        ]);
        expect(linked.rows.length, `${name} round ${String(round)}`).toBe(round === 1 ? 1 : 0);
      }
      expect((await parentOf(db, kid))?.id, name).toBe(parent);
      expect((await childOfParent(db, parent, kid))?.id, name).toBe(kid);
      expect(
        (await childrenOf(db, parent)).map((c) => c.id),
        name,
      ).toEqual([kid]);
      expect(await countChildren(db, parent), name).toBe(1);

      // Deactivate: changes once; the same status again changes nothing and audits nothing.
      for (const round of [1, 2]) {
        const [, changed] = await db.batch([
          auditWhere(db, childStatusDiffers(parent, kid, 0), entry(parent, 'parental.child-deactivated'), T0 + 40),
          setChildStatusQuery(db, parent, kid, 0, T0 + 40),
        ]);
        expect(changed.rows.length, `${name} round ${String(round)}`).toBe(round === 1 ? 1 : 0);
      }
      // Release needs an active child: refused while deactivated, done once reactivated.
      const [, refused] = await db.batch([
        auditWhere(db, releasable(parent, kid), entry(parent, 'parental.child-released'), T0 + 50),
        releaseChildQuery(db, parent, kid),
      ]);
      expect(refused.rows.length, name).toBe(0);
      await db.batch([setChildStatusQuery(db, parent, kid, 1, T0 + 55)]);
      const [, released] = await db.batch([
        auditWhere(db, releasable(parent, kid), entry(parent, 'parental.child-released'), T0 + 60),
        releaseChildQuery(db, parent, kid),
      ]);
      expect(released.rows.length, name).toBe(1);

      // Disable: no child remains, so the controls go with their audit row; the consent record stays.
      const [deleted] = await db.batch([
        ...disableControlsQueries(db, parent, T0 + 70),
        controlsDisabledAuditQuery(db, parent, null, T0 + 70),
      ]);
      expect(deleted.rowsAffected, name).toBe(1);
      expect(await parentalStartedAt(db, parent), name).toBeNull();
      expect(await latestConsent(db, parent), name).not.toBeNull();

      expect(await audit(db, parent), name).toEqual([
        'parental.started',
        'parental.consent-recorded',
        'parental.child-linked',
        'parental.child-deactivated',
        'parental.child-released',
        'parental.disabled',
      ]);
      expect(await audit(db, kid), name).toEqual(['parental.child-linked']);
    }
  }, 120_000);

  it('runs the local payment provider: one charge per idempotency key, refunded once', async () => {
    for (const [name, db] of await engines()) {
      const accountId = await account(db, `payer-${name}@example.test`);
      const provider = localPayment(db, { now: () => T0 });
      const customerRef = await provider.createCustomer({ accountId, idempotencyKey: 'c' });
      const setup = await provider.createSetup({ accountId, customerRef, idempotencyKey: 's' });
      const card = { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' };
      expect(await confirmLocalSetup(db, T0, { ...setup, ...card }), name).toEqual({ ok: true });
      expect(await confirmLocalSetup(db, T0, { ...setup, ...card }), name).toEqual({
        ok: false,
        reason: 'unknown_setup',
      });
      const state = await provider.retrieveSetup(setup.setupRef);
      if (state.status !== 'succeeded') throw new Error(`${name}: setup ${state.status}`);
      const request = {
        accountId,
        customerRef,
        methodRef: state.card.methodRef,
        amountCents: 100,
        currency: 'USD' as const,
        description: 'Parental consent',
        idempotencyKey: 'consent-1',
      };
      const [a, b] = await Promise.all([provider.charge(request), provider.charge(request)]);
      expect(b, name).toEqual(a);
      if (a.status !== 'succeeded') throw new Error(`${name}: charge ${a.status}`);
      const refund = await provider.refund({ chargeRef: a.chargeRef, idempotencyKey: 'r-1' });
      expect(await provider.refund({ chargeRef: a.chargeRef, idempotencyKey: 'r-1' }), name).toEqual(refund);
      const rows = await db.all(db.q.selectFrom('payments').select(['status', 'refund_attempts']));
      expect(rows, name).toEqual([{ status: 'refunded', refund_attempts: 1 }]);
    }
  }, 120_000);
});
