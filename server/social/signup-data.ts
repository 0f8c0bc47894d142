/**
 * Account creation through a provider (create-tpa, docs/social.md): the account with what the age check
 * collected, its password when the player chose one (signup-tpa-with-email) or none (a social-only
 * account), the sign-up details, the provider link and the audit entry — one batch, all or nothing.
 * The email is verified: by the provider, or by the code the player just entered.
 */
import { playerTagNumber } from '../core/data/accounts';
import type { Db } from '../core/db/engine';
import { accountEvent } from '../events/data';

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

/** Throws on a duplicate email or identity (UNIQUE / PRIMARY KEY, a DbConstraintError); the caller maps it. */
export async function createSocialAccount(db: Db, a: SocialAccount, now: number): Promise<number> {
  // The rows after the account refer to it by its email (unique): the batch cannot pass the new id along.
  const accountId = () => db.q.selectFrom('accounts').select('id').where('email', '=', a.email);
  const password =
    a.passwordHash === null
      ? []
      : [
          db.q
            .insertInto('credentials')
            .values({ account_id: accountId(), password_hash: a.passwordHash, changed_at: now }),
          db.q
            .insertInto('password_history')
            .values({ account_id: accountId(), password_hash: a.passwordHash, created_at: now }),
        ];
  const [inserted] = await db.batch([
    db.q
      .insertInto('accounts')
      .values({
        email: a.email,
        email_verified: 1,
        membership_no: a.membershipNo,
        country_code: a.countryCode,
        birth_year: a.birthYear,
        birth_month: a.birthMonth,
        player_tag_number: playerTagNumber(),
        enable_mail: a.newsletter ? 1 : 0,
        has_password: a.passwordHash === null ? 0 : 1,
        terms_accepted_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id'),
    ...password,
    db.q.insertInto('signup_details').values({
      account_id: accountId(),
      partner_key: a.partnerKey ?? null,
      client_id: a.clientId ?? null,
      language: a.language,
      created_at: now,
    }),
    db.q.insertInto('linked_providers').values({
      provider: a.provider,
      provider_user_id: a.subject,
      account_id: accountId(),
      email: a.linkEmail,
      linked_at: now,
      display_name: a.displayName,
    }),
    db.q.insertInto('audit_log').values({
      account_id: accountId(),
      event: 'signup.created',
      ip: a.ip,
      detail: JSON.stringify({ provider: a.provider, password: a.passwordHash !== null, ...a.auditDetail }),
      created_at: now,
    }),
    ...(a.platformLink === undefined
      ? []
      : [
          db.q.insertInto('platform_links').values({
            platform: a.platformLink.platform,
            platform_user_id: a.platformLink.platformUserId,
            account_id: accountId(),
            linked_at: now,
          }),
          db.q.insertInto('audit_log').values({
            account_id: accountId(),
            event: 'platform.linked',
            ip: a.ip,
            detail: JSON.stringify({ platform: a.platformLink.platform, provider: a.provider }),
            created_at: now,
          }),
        ]),
    ...accountEvent(db, 'account.created', { email: a.email }, {}, now),
  ]);
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('Account insert returned no id');
  return id;
}
