import { describe, expect, it } from 'vitest';
import { purposeFor, settingsMethods, verificationStart } from './settings-verification';

describe('settings verification (spec §4)', () => {
  it.each([
    [{ primaryAuthType: 'TOTP', authTypeList: ['SMS', 'TOTP'] }, 'totp', 'verify-code-2fa-settings'],
    [{ primaryAuthType: 'SMS', authTypeList: ['TOTP', 'SMS'] }, 'sms', 'verify-code-sms-settings'],
    [{ primaryAuthType: null, authTypeList: ['TOTP'] }, 'totp', 'verify-code-2fa-settings'],
    [{ primaryAuthType: null, authTypeList: ['SMS'] }, 'sms', 'verify-code-sms-settings'],
    [{ primaryAuthType: 'EMAIL', authTypeList: ['EMAIL', 'TOTP'] }, 'email', 'verify-account'],
    [{ primaryAuthType: null, authTypeList: [] }, 'email', 'verify-account'],
  ] as const)('%o starts with %s', (account, kind, next) => {
    const start = verificationStart({ ...account, authTypeList: [...account.authTypeList] });
    expect(start.kind).toBe(kind);
    expect(start.next).toBe(next);
  });

  it('falls back to the auth-types screen when the SMS cannot be sent', () => {
    expect(verificationStart({ primaryAuthType: 'SMS', authTypeList: ['SMS'] })).toMatchObject({
      fallback: 'auth-types-2fa-settings',
    });
  });

  it('scopes the email code to the protected screen', () => {
    expect(purposeFor('manage-trusted-devices')).toBe('trusted-device');
    expect(purposeFor('change-email')).toBe('change-email');
    expect(purposeFor('authenticator-enable')).toBe('mfa');
    expect(purposeFor('security')).toBe('mfa');
    expect(purposeFor('verify-phone')).toBe('change-phone');
    expect(purposeFor('manage-payment-methods')).toBe('payment');
    expect(purposeFor(undefined)).toBe('mfa');
  });

  it('offers the factors that are on, email, and backup codes when a factor is on', () => {
    expect(settingsMethods({ primaryAuthType: 'SMS', authTypeList: ['TOTP', 'SMS'] })).toEqual([
      'SMS',
      'TOTP',
      'EMAIL',
      'BACKUP_CODE',
    ]);
    expect(settingsMethods({ primaryAuthType: null, authTypeList: [] })).toEqual(['EMAIL']);
  });
});
