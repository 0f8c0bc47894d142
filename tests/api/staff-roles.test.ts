/**
 * Every role against every staff call (issue 28 §3 "A support agent cannot do admin actions"): the expected
 * answer comes from the one action-to-roles table (src/shared/staff/roles.ts) through STAFF_ENDPOINT_ACTIONS. A
 * role without the action gets 403 STAFF_FORBIDDEN and nothing changes (no audit entry, the account as it was);
 * a role with it gets past the check; no staff session gets 401 on every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BASES, type Endpoint } from '../../src/shared/contract/endpoint';
import { STAFF_ENDPOINT_ACTIONS } from '../../src/shared/contract/staff';
import { mayDo, STAFF_ROLES, type StaffRole } from '../../src/shared/staff/roles';
import type { Db } from '../../server/core/db/engine';
import { openInstanceDb, type InstanceDb } from './instance-db';
import { player, setState } from './signin-helpers';
import { Browser } from './client';
import { REASON, signedInStaff, type StaffBrowser } from './staff-helpers';
import { uniquePhone } from './two-factor-helpers';

let instance: InstanceDb;
let db: Db;

beforeAll(async () => {
  instance = await openInstanceDb();
  db = instance.db;
}, 60_000);
afterAll(() => instance.close());

/** A well-formed request of each call, so only the role decides whether it gets past the check. */
const SAMPLE: Record<string, { query?: (id: number) => string; body?: Record<string, unknown> }> = {
  staffSearchAccounts: { query: (id) => `by=id&value=${id}` },
  staffAccountView: {},
  staffBlock: { body: { reason: REASON, banReason: '7002' } },
  staffUnblock: { body: { reason: REASON } },
  staffClearLocks: { body: { reason: REASON } },
  staffResendVerification: { body: { reason: REASON } },
  staffRequirePasswordReset: { body: { reason: REASON } },
  staffRemoveTwoFactor: { body: { reason: REASON, identityCheck: 'video_call' } },
  staffCancelDeletion: { body: { reason: REASON } },
  staffCases: { query: () => 'status=open' },
  staffDecideCase: { body: { decision: 'reject', reason: REASON } },
  staffAuditLog: { query: (id) => `account_id=${id}` },
  staffOps: {},
  staffSetMaintenance: { body: { on: false, reason: REASON } },
  staffEventDeliveries: { query: (id) => `account_id=${id}&status=failed` },
};

const CALLS = [...STAFF_ENDPOINT_ACTIONS].filter(
  (entry): entry is [Endpoint, NonNullable<(typeof entry)[1]>] => entry[1] !== null,
);

function path(e: Endpoint, accountId: number): string {
  const sample = SAMPLE[e.id];
  const p = `${SERVER_BASES[e.base]}${e.path}`
    .replace('{accountId}', String(accountId))
    .replace('{reference}', 'LF-ZZZZZZZZ');
  return sample?.query === undefined ? p : `${p}?${sample.query(accountId)}`;
}

function call(b: Browser, e: Endpoint, accountId: number) {
  const body = SAMPLE[e.id]?.body;
  return e.method === 'GET' ? b.get(path(e, accountId)) : b.post(path(e, accountId), body ?? {});
}

async function staffAuditCount(): Promise<number> {
  const row = await db.first(
    db.q
      .selectFrom('staff_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '!=', 'staff.sign-in'),
  );
  return row?.n ?? 0;
}

it('has a sample for every staff call', () => {
  expect(CALLS.map(([e]) => e.id).sort()).toEqual(Object.keys(SAMPLE).sort());
});

describe.each(STAFF_ROLES)('role %s', (role: StaffRole) => {
  it('is refused exactly the calls the table does not give it, and nothing changes then', async () => {
    const staff: StaffBrowser = await signedInStaff(instance, role);
    const p = await player();
    // A state every action can act on: blocked (unblock), unverified (resend), SMS on (remove), a deletion pending.
    await setState(new Browser(), p.accountId, {
      banReason: '7001',
      emailVerified: false,
      smsMfaEnabled: true,
      phoneNo: uniquePhone(),
    });
    const now = Date.now();
    await db.run(
      db.q
        .insertInto('account_deletions')
        .values({ account_id: p.accountId, requested_at: now, purge_at: now + 86_400_000 * 10, language: 'en_US' }),
    );
    for (const [e, action] of CALLS) {
      const before = await staffAuditCount();
      const r = await call(staff, e, p.accountId);
      if (mayDo(role, action)) {
        expect([401, 403], `${role} ${e.id}: ${r.status} ${r.text}`).not.toContain(r.status);
      } else {
        expect(r.status, `${role} ${e.id}`).toBe(403);
        expect(r.code).toBe('STAFF_FORBIDDEN');
        expect(await staffAuditCount(), `${role} ${e.id} wrote an audit entry`).toBe(before);
      }
    }
    if (!mayDo(role, 'account.block') && !mayDo(role, 'account.unblock'))
      expect(
        (await db.first(db.q.selectFrom('accounts').select('ban_reason').where('id', '=', p.accountId)))?.ban_reason,
      ).toBe('7001');
  });
});

it('answers 401 STAFF_LOGIN_REQUIRED to every staff call without a staff session', async () => {
  const p = await player();
  for (const [e] of CALLS) {
    const r = await call(new Browser(), e, p.accountId);
    expect(r.status, e.id).toBe(401);
    expect(r.code).toBe('STAFF_LOGIN_REQUIRED');
  }
});
