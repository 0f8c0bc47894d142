import { describe, expect, it } from 'vitest';
import {
  $account,
  $effectiveAuthType,
  effectiveAuthType,
  setFormErrorCode,
} from '../../../../src/client/stores/account';
import {
  accountFromServer,
  renameServerFields,
  setAccountFromServer,
} from '../../../../src/client/stores/account-parse';

describe('server field renames on load (spec §3)', () => {
  it.each([
    ['isVerified', true, 'emailVerified'],
    ['phoneNo', '+15550100', 'phoneNumber'],
    ['name', 'Ada Lovelace', 'fullName'],
    ['hasSetPassword', false, 'hasPassword'],
    ['enableUserPhoneReset', true, 'phoneNumberResetEnabled'],
  ])('%s → %s', (from, value, to) => {
    const renamed = renameServerFields({ [from]: value, email: 'a@b.c' });
    expect(renamed).toEqual({ [to]: value, email: 'a@b.c' });
    expect(from in renamed).toBe(false);
  });

  it('a field already under its new name wins over the old one', () => {
    expect(renameServerFields({ name: 'old', fullName: 'new' })).toEqual({ fullName: 'new' });
  });

  it('parses a full server payload into account state', () => {
    const state = accountFromServer({
      primaryAuthType: 'TOTP',
      authTypeList: ['EMAIL', 'TOTP'],
      countryCode: 'US',
      email: 'ada@example.com',
      enableMail: true,
      enableUserPhoneReset: false,
      hasSetPassword: true,
      isVerified: true,
      name: 'Ada',
      playerTag: { name: 'Ada', number: '1234' },
      phoneNo: '+15550100',
      renamesRemaining: 2,
      searchable: true,
      skipMfaPromo: false,
      tpaAccountList: [{ type: 'google', email: 'ada@gmail.com' }],
      trustedDeviceCount: 1,
      twitchUserId: null,
      steamName: 'ada',
      isMinor: false,
      unknownExtra: 'ignored',
    });
    expect(state).toMatchObject({
      emailVerified: true,
      phoneNumber: '+15550100',
      fullName: 'Ada',
      hasPassword: true,
      phoneNumberResetEnabled: false,
      tpaAccountList: [{ type: 'google', email: 'ada@gmail.com' }],
    });
    expect(state).not.toHaveProperty('isVerified');
    expect(state).not.toHaveProperty('unknownExtra');
  });

  it('fills list defaults and rejects a wrong shape', () => {
    expect(accountFromServer({}).authTypeList).toEqual([]);
    expect(() => accountFromServer({ isVerified: 'yes' })).toThrow();
    expect(() => accountFromServer(null)).toThrow();
  });
});

describe('effective auth type (spec §3)', () => {
  it.each([
    [{ primaryAuthType: 'SMS', authTypeList: ['EMAIL', 'SMS'] }, 'SMS'],
    [{ primaryAuthType: null, authTypeList: ['TOTP', 'EMAIL'] }, 'TOTP'],
    [{ authTypeList: ['SMS'] }, 'SMS'],
    [{ authTypeList: [] }, 'EMAIL'],
  ] as const)('%j → %s', (state, expected) => {
    expect(effectiveAuthType({ ...state, authTypeList: [...state.authTypeList] })).toBe(expected);
  });

  it('is derived from the account store', () => {
    $account.set(null);
    expect($effectiveAuthType.get()).toBe('EMAIL');
    setAccountFromServer({ authTypeList: ['TOTP'] });
    expect($effectiveAuthType.get()).toBe('TOTP');
    setFormErrorCode('20068');
    expect($account.get()?.formErrorCode).toBe('20068');
    setFormErrorCode(undefined);
    expect($account.get()).not.toHaveProperty('formErrorCode');
  });
});
