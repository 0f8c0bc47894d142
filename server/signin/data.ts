/**
 * Account changes made by the sign-in flow (healup, terms consent) and the
 * linked accounts GET /account lists.
 * Query-builder queries (server/core/db/README.md); each change is one query so callers can batch it with its
 * audit entry.
 */
import { sql } from 'kysely';
import * as z from 'zod/mini';
import type { Db } from '../core/db/engine';

export interface HealupValues {
  countryCode: string | null;
  birthYear: number | null;
  birthMonth: number | null;
}

/** Fills only what is missing: a value already on the account is never overwritten here. */
export function healupQuery(db: Db, accountId: number, v: HealupValues, now: number) {
  return db.q
    .updateTable('accounts')
    .set({
      country_code: sql<string | null>`COALESCE(country_code, ${v.countryCode})`,
      birth_year: sql<number | null>`COALESCE(birth_year, ${v.birthYear})`,
      birth_month: sql<number | null>`COALESCE(birth_month, ${v.birthMonth})`,
      updated_at: now,
    })
    .where('id', '=', accountId);
}

export function acceptTermsQuery(db: Db, accountId: number, now: number) {
  return db.q.updateTable('accounts').set({ terms_accepted_at: now, updated_at: now }).where('id', '=', accountId);
}

/** A parent consented to the child's terms (the terms consent of a minor, issue 11). */
export function parentalConsentQuery(db: Db, accountId: number, now: number) {
  return db.q.updateTable('accounts').set({ parental_consent_at: now }).where('id', '=', accountId);
}

/** Only the address the code went to: a change of address in between leaves the new one unverified. */
export function emailVerifiedQuery(db: Db, accountId: number, email: string, now: number) {
  return db.q
    .updateTable('accounts')
    .set({ email_verified: 1, updated_at: now })
    .where('id', '=', accountId)
    .where('email', '=', email);
}

const linkedRow = z.object({
  provider: z.string(),
  provider_user_id: z.string(),
  email: z.nullable(z.string()),
});
export type LinkedProviderRow = z.infer<typeof linkedRow>;

export async function linkedProviders(db: Db, accountId: number): Promise<LinkedProviderRow[]> {
  const rows = await db.all(
    db.q
      .selectFrom('linked_providers')
      .select(['provider', 'provider_user_id', 'email'])
      .where('account_id', '=', accountId)
      .orderBy('linked_at')
      .orderBy('provider'),
  );
  return z.array(linkedRow).parse(rows);
}
