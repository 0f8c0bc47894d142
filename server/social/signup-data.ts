/**
 * Account creation through a provider (create-tpa, docs/social.md): the account with what the age check
 * collected, its password when the player chose one (signup-tpa-with-email) or none (a social-only
 * account), the sign-up details, the provider link and the audit entry — one batch, all or nothing.
 * The email is verified: by the provider, or by the code the player just entered.
 */
import { playerTagNumber } from '../core/data/accounts';

export interface SocialAccount {
  email: string;
  passwordHash: string | null;
  membershipNo: number | null;
  countryCode: string;
  birthYear: number;
  birthMonth: number;
  newsletter: boolean;
  language: string;
  ip: string | null;
  provider: string;
  subject: string;
  /** The provider's verified email, kept on the link (linked social account: type, email). */
  linkEmail: string | null;
  displayName: string | null;
  /** The client and partner of the sign-up (platform and connector sign-ups send them). */
  clientId?: string | null;
  partnerKey?: string | null;
  /** More of the sign-up's audit detail (e.g. the platform, the blackBox digest). */
  auditDetail?: Record<string, string | number | boolean>;
  /**
   * A console identity to link in the same batch (platform social sign-up, docs/platforms.md): a plain insert,
   * so an identity linked meanwhile fails the whole batch (UNIQUE on platform_links) and no account is left.
   */
  platformLink?: { platform: string; platformUserId: string };
}

/** Throws on a duplicate email or identity (UNIQUE / PRIMARY KEY); the caller maps it. */
export async function createSocialAccount(db: D1Database, a: SocialAccount, now: number): Promise<number> {
  const accountId = '(SELECT id FROM accounts WHERE email = ?1)';
  const password =
    a.passwordHash === null
      ? []
      : [
          db
            .prepare(`INSERT INTO credentials (account_id, password_hash, changed_at) VALUES (${accountId}, ?2, ?3)`)
            .bind(a.email, a.passwordHash, now),
          db
            .prepare(
              `INSERT INTO password_history (account_id, password_hash, created_at) VALUES (${accountId}, ?2, ?3)`,
            )
            .bind(a.email, a.passwordHash, now),
        ];
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO accounts (email, email_verified, membership_no, country_code, birth_year, birth_month,
           player_tag_number, enable_mail, has_password, terms_accepted_at, created_at, updated_at)
         VALUES (?1, 1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?9) RETURNING id`,
      )
      .bind(
        a.email,
        a.membershipNo,
        a.countryCode,
        a.birthYear,
        a.birthMonth,
        playerTagNumber(),
        a.newsletter ? 1 : 0,
        a.passwordHash === null ? 0 : 1,
        now,
      ),
    ...password,
    db
      .prepare(
        `INSERT INTO signup_details (account_id, partner_key, client_id, language, created_at)
         VALUES (${accountId}, ?4, ?5, ?2, ?3)`,
      )
      .bind(a.email, a.language, now, a.partnerKey ?? null, a.clientId ?? null),
    db
      .prepare(
        `INSERT INTO linked_providers (provider, provider_user_id, account_id, email, linked_at, display_name)
         VALUES (?2, ?3, ${accountId}, ?4, ?5, ?6)`,
      )
      .bind(a.email, a.provider, a.subject, a.linkEmail, now, a.displayName),
    db
      .prepare(
        `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
         VALUES (${accountId}, 'signup.created', ?2, ?3, ?4)`,
      )
      .bind(
        a.email,
        a.ip,
        JSON.stringify({ provider: a.provider, password: a.passwordHash !== null, ...a.auditDetail }),
        now,
      ),
    ...(a.platformLink === undefined
      ? []
      : [
          db
            .prepare(
              `INSERT INTO platform_links (platform, platform_user_id, account_id, linked_at)
               VALUES (?2, ?3, ${accountId}, ?4)`,
            )
            .bind(a.email, a.platformLink.platform, a.platformLink.platformUserId, now),
          db
            .prepare(
              `INSERT INTO audit_log (account_id, event, ip, detail, created_at)
               VALUES (${accountId}, 'platform.linked', ?2, ?3, ?4)`,
            )
            .bind(a.email, a.ip, JSON.stringify({ platform: a.platformLink.platform, provider: a.provider }), now),
        ]),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error('Account insert returned no id');
  return id;
}
