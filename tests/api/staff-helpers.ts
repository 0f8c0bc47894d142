/**
 * Helpers of the staff console's API tests: staff accounts added through the same code as `npm run staff:add`
 * (server/staff/accounts.ts) on the instance's own database, and a staff browser signed in with password + TOTP.
 */
import { expect } from 'vitest';
import { addStaff, type AddedStaff } from '../../server/staff/accounts';
import type { StaffRole } from '../../src/shared/staff/roles';
import type { InstanceDb } from './instance-db';
import { uniqueEmail, type Reply } from './client';
import { Visitor } from './signin-helpers';
import { apiNow, totpCode } from './two-factor-helpers';

export const STAFF = '/api/staff/v1';
/** The dev instance's TOTP_ENCRYPTION_KEY (tests/api/global-setup.ts). */
export const TEST_TOTP_KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
export const STAFF_PASSWORD = 'Staff-Desk-Password-1';

export async function newStaff(instance: InstanceDb, role: StaffRole): Promise<AddedStaff> {
  return addStaff(
    instance.db,
    { email: uniqueEmail(`staff-${role}`), displayName: `Test ${role}`, role, password: STAFF_PASSWORD },
    TEST_TOTP_KEY,
    Date.now(),
  );
}

/** A staff browser (its own IP) with a signed-in staff session. */
export class StaffBrowser extends Visitor {
  constructor(readonly member: AddedStaff) {
    super();
  }

  /** Signs in with the code of the API's current step (a code is accepted once per member: see the replay test). */
  async signIn(password = STAFF_PASSWORD): Promise<Reply> {
    return this.post(`${STAFF}/sign-in`, {
      email: this.member.email,
      password,
      code: totpCode(this.member.totpSecret, await apiNow()),
    });
  }
}

export async function signedInStaff(instance: InstanceDb, role: StaffRole): Promise<StaffBrowser> {
  const b = new StaffBrowser(await newStaff(instance, role));
  const r = await b.signIn();
  expect(r.status, r.text).toBe(200);
  return b;
}

export const REASON = 'Ticket #4512: the player asked by phone';
