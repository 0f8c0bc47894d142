/**
 * Pure parts of sign-in and sign-up: account states and steps, the hashed
 * user numbers, the login id shape, the age of digital consent, the terms
 * version, the emails in 13 languages.
 */
import { describe, expect, it } from 'vitest';
import { TERMS_EFFECTIVE_AT, termsOutstanding } from '../../../server/core/reference/terms';
import type { AccountRow } from '../../../server/core/data/rows';
import { SIGN_IN_EMAIL_TEXTS, signupCodeEmail, verifyLinkEmail } from '../../../server/signin/emails';
import type { Env } from '../../../server/core/env';
import { isLoginIdShape } from '../../../server/signin/routes';
import { SIGNUP_EMAIL_CODE } from '../../../server/core/security/email-codes';
import { accountStateError, healupItems, pauseError } from '../../../server/signin/sign-in';
import { hashUserNumbers } from '../../../server/core/security/user-hash';
import { LOCALES } from '../../../src/i18n/locales';
import { readBanReason, readHealupItems, readMissingVerificationCode } from '../../../src/shared/errors/payloads';
import { ageOfConsent, isMinorIn } from '../../../src/shared/validation/age-of-consent';

function account(over: Partial<AccountRow> = {}): AccountRow {
  return {
    id: 42,
    email: 'ada@example.test',
    login_id: null,
    email_verified: true,
    membership_no: 1,
    country_code: 'US',
    birth_year: 1990,
    birth_month: 5,
    full_name: null,
    player_tag_name: null,
    player_tag_number: '1234',
    renames_remaining: 2,
    phone_no: null,
    phone_verified_at: null,
    phone_changed_at: null,
    phone_reset_enabled: false,
    has_password: true,
    enable_mail: false,
    searchable: true,
    skip_mfa_promo: false,
    is_minor: false,
    primary_auth_type: 'EMAIL',
    totp_secret_enc: null,
    totp_enabled_at: null,
    totp_last_step: null,
    sms_mfa_enabled: false,
    status: 1,
    ban_reason: null,
    reactivation_required: false,
    password_reset_required: false,
    terms_accepted_at: TERMS_EFFECTIVE_AT,
    parental_consent_at: null,
    id_changed_at: null,
    passkey_count: 0,
    security_alerts: true,
    created_at: 0,
    updated_at: 0,
    ...over,
  };
}

describe('account states', () => {
  it('a plain account may sign in', () => {
    expect(accountStateError(account())).toBeNull();
  });

  it('a ban answers 20100 with the reason alone, as the client reads it', () => {
    const e = accountStateError(account({ ban_reason: '7004', reactivation_required: true }));
    expect(e?.code).toBe('20100');
    expect(readBanReason(e?.message ?? '')).toBe('7004');
  });

  it('reactivation is 20102 at the password step and 20036 on a session', () => {
    expect(accountStateError(account({ reactivation_required: true }))?.code).toBe('20102');
    expect(accountStateError(account({ reactivation_required: true }), '20036')?.code).toBe('20036');
  });

  it('password reset required is 20037; an inactive child 20226', () => {
    expect(accountStateError(account({ password_reset_required: true }))?.code).toBe('20037');
    expect(accountStateError(account({ status: 0 }))?.code).toBe('20226');
  });
});

describe('steps', () => {
  it('healup lists what is missing in the client’s format', () => {
    expect(healupItems(account())).toEqual([]);
    expect(healupItems(account({ country_code: null, birth_month: null }))).toEqual(['country', 'birthday']);
    const e = pauseError({ kind: 'healup', items: ['birthday'] });
    expect([e.code, readHealupItems(e.message)]).toEqual(['20045', ['birthday']]);
  });

  it('the second-factor pause is 20008 with N=9', () => {
    const e = pauseError({ kind: 'second-factor' });
    expect(e.status).toBe(401);
    expect([e.code, readMissingVerificationCode(e.message)]).toEqual(['20008', 9]);
    expect(pauseError({ kind: 'terms' }).code).toBe('20255');
  });

  it('terms accepted before the current version are outstanding', () => {
    expect(termsOutstanding(null)).toBe(true);
    expect(termsOutstanding(TERMS_EFFECTIVE_AT - 1)).toBe(true);
    expect(termsOutstanding(TERMS_EFFECTIVE_AT)).toBe(false);
  });
});

describe('hashed user numbers', () => {
  const key = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));
  const env = (vars: Record<string, string>) => ({ DB: {}, CONFIG: {}, ...vars }) as unknown as Env;

  async function hmac(keyB64: string, label: string): Promise<string> {
    const raw = Uint8Array.from(atob(keyB64), (ch) => ch.charCodeAt(0));
    const k = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const sig = new Uint8Array(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(label)));
    return btoa(String.fromCharCode(...sig))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  }

  it('are HMAC-SHA256 of the numbers under USER_HASH_KEY', async () => {
    const h = await hashUserNumbers(env({ USER_HASH_KEY: key }), { id: 42, membership_no: 3 });
    expect(h.hashedGlobalUserNo).toBe(await hmac(key, 'global:42'));
    expect(h.hashedUserNo).toBe(await hmac(key, 'user:3:42'));
  });

  it('without USER_HASH_KEY use a key derived from TOTP_ENCRYPTION_KEY, never that key itself', async () => {
    const derived = await hashUserNumbers(env({ TOTP_ENCRYPTION_KEY: key }), { id: 42, membership_no: 3 });
    expect(derived.hashedGlobalUserNo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(derived.hashedGlobalUserNo).not.toBe(await hmac(key, 'global:42'));
    const again = await hashUserNumbers(env({ TOTP_ENCRYPTION_KEY: key }), { id: 42, membership_no: 3 });
    expect(again).toEqual(derived);
  });

  it('differ per account and per key; fail loudly without a key', async () => {
    const e = env({ USER_HASH_KEY: key });
    const a = await hashUserNumbers(e, { id: 1, membership_no: 1 });
    const b = await hashUserNumbers(e, { id: 2, membership_no: 1 });
    expect(a.hashedGlobalUserNo).not.toBe(b.hashedGlobalUserNo);
    const other = btoa(String.fromCharCode(...new Uint8Array(32).fill(1)));
    expect((await hashUserNumbers(env({ USER_HASH_KEY: other }), { id: 1, membership_no: 1 })).hashedUserNo).not.toBe(
      a.hashedUserNo,
    );
    await expect(hashUserNumbers(env({}), { id: 1, membership_no: 1 })).rejects.toThrow(/USER_HASH_KEY/);
    await expect(hashUserNumbers(env({ USER_HASH_KEY: 'short' }), { id: 1, membership_no: 1 })).rejects.toThrow();
  });
});

describe('login id shape', () => {
  it.each(['ada@example.test', 'legacy_user.01', 'abc', 'A-b_c.d'])('%s is an email or ID', (id) => {
    expect(isLoginIdShape(id)).toBe(true);
  });
  it.each(['ab', 'bad id', 'x@', '@example.test', 'name!', '.start', 'a'.repeat(33), 'ümlaut'])('%s is not', (id) => {
    expect(isLoginIdShape(id)).toBe(false);
  });
});

describe('age of digital consent', () => {
  const now = Date.UTC(2026, 5, 15);
  it('13 by default, the GDPR national ages in the EU, 14 in KR', () => {
    expect(ageOfConsent('US')).toBe(13);
    expect(ageOfConsent('BR')).toBe(13);
    expect(ageOfConsent('DE')).toBe(16);
    expect(ageOfConsent('FR')).toBe(15);
    expect(ageOfConsent('IT')).toBe(14);
    expect(ageOfConsent('es')).toBe(14);
    expect(ageOfConsent('KR')).toBe(14);
  });

  it('is a minor until the birthday that reaches the age', () => {
    expect(isMinorIn('DE', '2010-06-16', now)).toBe(true);
    expect(isMinorIn('DE', '2010-06-15', now)).toBe(false);
    expect(isMinorIn('US', '2013-06-16', now)).toBe(true);
    expect(isMinorIn('US', '2013-06-15', now)).toBe(false);
  });
});

describe('sign-in emails', () => {
  it('exist in all 13 languages, carry the code or the link, and are translated', () => {
    expect(Object.keys(SIGN_IN_EMAIL_TEXTS).sort()).toEqual([...LOCALES].sort());
    const en = SIGN_IN_EMAIL_TEXTS.en;
    for (const locale of LOCALES) {
      const code = signupCodeEmail('a@example.test', '123456', locale);
      expect(code.text).toContain('123456');
      expect(code.code).toBe('123456');
      const link = verifyLinkEmail('a@example.test', 'https://example.test/x?token=abc', locale);
      expect(link.text).toContain('https://example.test/x?token=abc');
      expect(link.text).toContain('24');
      if (locale !== 'en') {
        expect(code.subject).not.toBe(en.codeSubject);
        expect(link.subject).not.toBe(en.linkSubject);
        expect(link.text).not.toBe(en.linkBody('https://example.test/x?token=abc'));
      }
    }
  });

  it('state the code lifetime the API applies (30 minutes)', () => {
    expect(SIGNUP_EMAIL_CODE.ttlMs).toBe(30 * 60_000);
    for (const locale of LOCALES) expect(signupCodeEmail('a@example.test', '000000', locale).text).toContain('30');
  });
});
