import { describe, expect, it } from 'vitest';
import { purposeFor, settingsMethods, verificationStart } from './settings-verification';
import * as routes from '../../../routes/refs';

describe('settings verification (spec §4)', () => {
  it.each([
    [{ primaryAuthType: 'TOTP', authTypeList: ['SMS', 'TOTP'] }, 'totp', routes.verifyCode2faSettings],
    [{ primaryAuthType: 'SMS', authTypeList: ['TOTP', 'SMS'] }, 'sms', routes.verifyCodeSmsSettings],
    [{ primaryAuthType: null, authTypeList: ['TOTP'] }, 'totp', routes.verifyCode2faSettings],
    [{ primaryAuthType: null, authTypeList: ['SMS'] }, 'sms', routes.verifyCodeSmsSettings],
    [{ primaryAuthType: 'EMAIL', authTypeList: ['EMAIL', 'TOTP'] }, 'email', routes.verifyAccount],
    [{ primaryAuthType: null, authTypeList: [] }, 'email', routes.verifyAccount],
  ] as const)('%o starts with %s', (account, kind, next) => {
    const start = verificationStart({ ...account, authTypeList: [...account.authTypeList] });
    expect(start.kind).toBe(kind);
    expect(start.next).toBe(next);
  });

  it('falls back to the auth-types screen when the SMS cannot be sent', () => {
    expect(verificationStart({ primaryAuthType: 'SMS', authTypeList: ['SMS'] })).toMatchObject({
      fallback: routes.authTypes2faSettings,
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
    expect(purposeFor('no-such-route')).toBe('mfa');
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
