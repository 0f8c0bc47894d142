/**
 * Creating a staff account (`npm run staff:add`, `npm run db:seed`; docs/staff-console.md): the password hashed
 * as the players' are (server/core/security/password.ts), a new TOTP seed sealed under the staff binding
 * (`staff:<email>`, never a player's `account:<id>`). The caller shows the password and the seed once.
 */
import { sealBound, openBound } from '../core/security/secret-box';
import { hashPassword } from '../core/security/password';
import { newTotpSecret, otpauthUri } from '../core/security/totp';
import { randomBytes, toBase64Url } from '../core/security/bytes';
import type { Db } from '../core/db/engine';
import { STAFF_ROLES, type StaffRole } from '../../src/shared/staff/roles';
import { insertStaff } from './data';

/** The staff password rule: long, as a shared desk's credentials should be (NIST SP 800-63B-4 §3.1.1.2). */
export const STAFF_PASSWORD_MIN = 12;

export function staffSecretBinding(email: string): string {
  return `staff:${email.trim().toLowerCase()}`;
}

export function sealStaffSecret(secret: string, key: string, email: string): Promise<string> {
  return sealBound(secret, key, staffSecretBinding(email));
}

export function openStaffSecret(sealed: string, key: string, email: string): Promise<string> {
  return openBound(sealed, key, staffSecretBinding(email));
}

export interface AddStaff {
  email: string;
  displayName: string;
  role: StaffRole;
  /** Generated when absent (20 random bytes, base64url). */
  password?: string;
  /** A given seed (base32), for the seed's fixed demo accounts; generated when absent. */
  totpSecret?: string;
}

export interface AddedStaff {
  id: number;
  email: string;
  role: StaffRole;
  password: string;
  totpSecret: string;
  otpauthUri: string;
}

/** What is wrong with a new staff account's input, or null. */
export function staffInputProblem(s: AddStaff): string | null {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email.trim()) || s.email.length > 254) return 'email is not an address';
  const name = s.displayName.trim();
  if (name.length < 1 || name.length > 80) return 'display name must be 1 to 80 characters';
  if (!(STAFF_ROLES as readonly string[]).includes(s.role)) return `role is one of ${STAFF_ROLES.join(', ')}`;
  if (s.password !== undefined && Array.from(s.password).length < STAFF_PASSWORD_MIN)
    return `password must be at least ${STAFF_PASSWORD_MIN} characters`;
  return null;
}

export async function addStaff(db: Db, s: AddStaff, totpKey: string, now: number): Promise<AddedStaff> {
  const problem = staffInputProblem(s);
  if (problem !== null) throw new Error(problem);
  const email = s.email.trim();
  const password = s.password ?? toBase64Url(randomBytes(20));
  const totpSecret = s.totpSecret ?? newTotpSecret();
  const id = await insertStaff(
    db,
    {
      email,
      displayName: s.displayName.trim(),
      role: s.role,
      passwordHash: await hashPassword(password),
      totpSecretSealed: await sealStaffSecret(totpSecret, totpKey, email),
    },
    now,
  );
  return { id, email, role: s.role, password, totpSecret, otpauthUri: otpauthUri(totpSecret, `staff ${email}`) };
}
