/**
 * zod schemas of the rows the API reads back from D1 (storage is a boundary
 * too: a row that does not match is a bug or a bad migration, and fails loudly).
 */
import * as z from 'zod/mini';
import { BAN_REASONS } from '../../../src/shared/errors/codes';

const flag = z.pipe(
  z.number().check(z.int(), z.gte(0), z.lte(1)),
  z.transform((n) => n === 1),
);
const nullableText = z.nullable(z.string());
const nullableInt = z.nullable(z.number().check(z.int()));

export const accountRow = z.object({
  id: z.number(),
  email: z.string(),
  login_id: nullableText,
  email_verified: flag,
  membership_no: nullableInt,
  country_code: nullableText,
  birth_year: nullableInt,
  birth_month: nullableInt,
  full_name: nullableText,
  player_tag_name: nullableText,
  player_tag_number: nullableText,
  renames_remaining: z.number(),
  phone_no: nullableText,
  phone_verified_at: nullableInt,
  phone_changed_at: nullableInt,
  phone_reset_enabled: flag,
  has_password: flag,
  enable_mail: flag,
  searchable: flag,
  skip_mfa_promo: flag,
  is_minor: flag,
  primary_auth_type: z.enum(['EMAIL', 'TOTP', 'SMS']),
  totp_secret_enc: nullableText,
  totp_enabled_at: nullableInt,
  totp_last_step: nullableInt,
  sms_mfa_enabled: flag,
  status: z.number(),
  ban_reason: z.nullable(z.enum(BAN_REASONS)),
  reactivation_required: flag,
  password_reset_required: flag,
  terms_accepted_at: nullableInt,
  parental_consent_at: nullableInt,
  id_changed_at: nullableInt,
  /** Passkeys registered (migrations/0010_passkeys.sql): each is a second factor. */
  passkey_count: z.number(),
  /** The player wants the security alerts that are not mandatory (new-device sign-ins, failed second steps). */
  security_alerts: flag,
  created_at: z.number(),
  updated_at: z.number(),
});
export type AccountRow = z.infer<typeof accountRow>;

export const sessionRow = z.object({
  token_hash: z.string(),
  account_id: z.number(),
  level: z.enum(['full', 'mfa_pending']),
  remember_me: flag,
  device_id: nullableText,
  ip: nullableText,
  created_at: z.number(),
  last_seen_at: z.number(),
  idle_expires_at: z.number(),
  absolute_expires_at: z.number(),
  /** RFC 8176 values, space-separated (server/core/security/amr.ts); null before migration 0023. */
  amr: nullableText,
});
export type SessionRow = z.infer<typeof sessionRow>;

export const outboxRow = z.object({
  recipient: z.string(),
  subject: z.string(),
  body: nullableText,
  code: nullableText,
  link: nullableText,
  headers: nullableText,
  created_at: z.number(),
});

/** Parses one row, or returns null when there is none. */
export function parseRow<T>(schema: z.ZodMiniType<T>, row: unknown): T | null {
  if (row === null || row === undefined) return null;
  return schema.parse(row);
}
