/**
 * Account changes made by the sign-in flow (healup, terms consent) and the
 * linked accounts GET /account lists.
 * Parameterised SQL only; each change is a statement so callers can batch it
 * with its audit entry.
 */
import * as z from 'zod/mini';

export interface HealupValues {
  countryCode: string | null;
  birthYear: number | null;
  birthMonth: number | null;
}

/** Fills only what is missing: a value already on the account is never overwritten here. */
export function healupStatement(db: D1Database, accountId: number, v: HealupValues, now: number) {
  return db
    .prepare(
      `UPDATE accounts SET country_code = COALESCE(country_code, ?2), birth_year = COALESCE(birth_year, ?3),
         birth_month = COALESCE(birth_month, ?4), updated_at = ?5
       WHERE id = ?1`,
    )
    .bind(accountId, v.countryCode, v.birthYear, v.birthMonth, now);
}

export function acceptTermsStatement(db: D1Database, accountId: number, now: number) {
  return db.prepare('UPDATE accounts SET terms_accepted_at = ?2, updated_at = ?2 WHERE id = ?1').bind(accountId, now);
}

const linkedRow = z.object({
  provider: z.string(),
  provider_user_id: z.string(),
  email: z.nullable(z.string()),
});
export type LinkedProviderRow = z.infer<typeof linkedRow>;

export async function linkedProviders(db: D1Database, accountId: number): Promise<LinkedProviderRow[]> {
  const { results } = await db
    .prepare(
      'SELECT provider, provider_user_id, email FROM linked_providers WHERE account_id = ?1 ORDER BY linked_at, provider',
    )
    .bind(accountId)
    .all();
  return z.array(linkedRow).parse(results);
}
