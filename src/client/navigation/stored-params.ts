/**
 * Entry query values the portal stores (spec §2): prod_id, landing,
 * partnerkey or partner_key, app_type and app_id. Validated here: a value
 * that does not fit is ignored rather than stored.
 */
import * as z from 'zod/mini';
import { checked } from '../../shared/contract/checked';
import { ENTRY_SOURCES } from './entry-keys';

/** Channels of spec §3 (global state appType). */
export const APP_TYPES = ['web', 'toy', 'toy_region', 'toy_community', 'developers'] as const;
export type AppType = (typeof APP_TYPES)[number];

const token = checked(z.string(), z.regex(/^[A-Za-z0-9_.-]{1,64}$/));
const productId = checked(z.string(), z.regex(/^\d{1,10}$/));

export const storedParamsSchema = z.object({
  productId: z.optional(productId),
  landing: z.optional(token),
  partnerKey: z.optional(token),
  appType: z.optional(z.enum(APP_TYPES)),
  appId: z.optional(productId),
});
export type StoredParams = z.infer<typeof storedParamsSchema>;

/** The stored values present in a query; each invalid one is dropped on its own. */
export function readStoredParams(query: URLSearchParams): StoredParams {
  const out: Record<string, string> = {};
  for (const [field, keys] of ENTRY_SOURCES) {
    const raw = keys.map((k) => query.get(k)).find((v): v is string => v !== null);
    if (raw === undefined) continue;
    const one = storedParamsSchema.safeParse({ [field]: raw });
    if (one.success) out[field] = raw;
  }
  return storedParamsSchema.parse(out);
}
