/**
 * The settings pages' account read at start checks GET /account by hand (src/client/stores/account-payload.ts);
 * the islands read it with the contract's `accountResponse` and then `accountFromServer`. Both run here on the
 * same payloads: every field with every kind of value, the edges of each rule, and whole payloads.
 */
import { describe, expect, it } from 'vitest';
import { parseAccountPayload, PATTERNS, PROVIDERS } from '../../../../src/client/stores/account-payload';
import { SOCIAL_PROVIDERS } from '../../../../src/regions/schema';
import { countryCode, phoneNo } from '../../../../src/shared/contract/common';
import { accountFromServer } from '../../../../src/client/stores/account-parse';
import { accountResponse, playerTagSchema } from '../../../../src/shared/contract/settings';
import { SCALARS, same } from '../startup/same-as-zod';

const BASE = {
  email: 'player@example.com',
  isVerified: true,
  countryCode: 'DE',
  birthMonth: 5,
  birthYear: 1990,
  membershipNo: 42,
  name: 'Mira',
  playerTag: { name: 'mira', number: '0421' },
  renamesRemaining: 2,
  phoneNo: '+4915112345678',
  enableUserPhoneReset: false,
  hasSetPassword: true,
  enableMail: true,
  searchable: false,
  skipMfaPromo: false,
  primaryAuthType: 'TOTP',
  authTypeList: ['EMAIL', 'TOTP'],
  tpaAccountList: [{ type: 'google', email: 'mira@gmail.com' }],
  trustedDeviceCount: 1,
  twitchUserId: null,
  steamName: 'mira_s',
  isMinor: false,
};

/** Values worth trying on a field beyond SCALARS: the edges of each rule. */
const EDGES: Readonly<Record<keyof typeof BASE, readonly unknown[]>> = {
  email: [
    'a@b.co',
    'no-at-sign',
    'a@b',
    ` ${BASE.email}`,
    `${'a'.repeat(243)}@example.com`,
    `${'a'.repeat(242)}@example.com`,
  ],
  isVerified: [],
  countryCode: ['de', 'DEU', 'D', 'US'],
  birthMonth: [12, 13, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY],
  birthYear: [1899, 1900, 2026, 1990.5, 2 ** 53],
  membershipNo: [0, 1, -1, 2 ** 53 - 1, 2 ** 53, 3.5],
  name: ['', 'Ünïcödé 名前'],
  playerTag: [
    { name: 'x', number: '123' },
    { name: 'x', number: '12345' },
    { name: 'x', number: 1234 },
    { name: 5, number: '1234' },
    { name: 'x', number: '1234', extra: true },
    { number: '1234' },
    [],
  ],
  renamesRemaining: [0, -1, 0.5, 3],
  phoneNo: ['+1234567', '+123456', '+0123456789', '+123456789012345', '+1234567890123456', '4915112345678'],
  enableUserPhoneReset: [],
  hasSetPassword: [],
  enableMail: [],
  searchable: [],
  skipMfaPromo: [],
  primaryAuthType: ['EMAIL', 'SMS', 'sms', 'BACKUP_CODE'],
  authTypeList: [[], ['SMS'], ['EMAIL', 'BOGUS'], ['EMAIL', null], [, 'EMAIL'], 'EMAIL'],
  tpaAccountList: [
    [],
    [{ type: 'steam', email: null }],
    [{ type: 'myspace', email: null }],
    [{ type: 'google' }],
    [{ type: 'google', email: 'bad' }],
    [{ type: 'google', email: null, extra: 1 }],
    [{ type: 'apple', email: null }, null],
  ],
  trustedDeviceCount: [0, -1, 7, 1.5],
  twitchUserId: ['12345', ''],
  steamName: [''],
  isMinor: [],
};

describe('parseAccountPayload matches accountResponse then accountFromServer', () => {
  const values: unknown[] = [
    BASE,
    ...SCALARS,
    { ...BASE, extra: 'dropped', emailVerified: false, phoneNumber: '+11111111', fullName: 'spoofed' },
    { ...BASE, formErrorCode: '20038' },
    Object.assign(Object.create(BASE) as object, {}),
    ...Object.keys(BASE).map((key) => Object.fromEntries(Object.entries(BASE).filter(([name]) => name !== key))),
    ...Object.entries(EDGES).flatMap(([key, edges]) =>
      [...SCALARS, ...edges].map((value) => ({ ...BASE, [key]: value })),
    ),
  ];

  it('on every field with every kind of value, and on whole payloads', () => {
    same(parseAccountPayload, accountResponse, values, accountFromServer);
  });

  it('accepts some and refuses some of them (the comparison is not vacuous)', () => {
    const accepted = values.filter((value) => parseAccountPayload(value) !== undefined);
    expect(accepted.length).toBeGreaterThan(40);
    expect(values.length - accepted.length).toBeGreaterThan(200);
  });

  it('renames the server fields and keeps nothing else', () => {
    expect(parseAccountPayload({ ...BASE, extra: 1 })).toEqual({
      email: 'player@example.com',
      emailVerified: true,
      countryCode: 'DE',
      birthMonth: 5,
      birthYear: 1990,
      membershipNo: 42,
      fullName: 'Mira',
      playerTag: { name: 'mira', number: '0421' },
      renamesRemaining: 2,
      phoneNumber: '+4915112345678',
      phoneNumberResetEnabled: false,
      hasPassword: true,
      enableMail: true,
      searchable: false,
      skipMfaPromo: false,
      primaryAuthType: 'TOTP',
      authTypeList: ['EMAIL', 'TOTP'],
      tpaAccountList: [{ type: 'google', email: 'mira@gmail.com' }],
      trustedDeviceCount: 1,
      twitchUserId: null,
      steamName: 'mira_s',
      isMinor: false,
    });
  });

  it('spells the contract’s lists and patterns as the contract does', () => {
    expect(PROVIDERS).toEqual([...SOCIAL_PROVIDERS]);
    const probes = ['', 'DE', 'de', 'DEU', '0421', '042', '04210', '+4915112345678', '+0123456', '+123456', ' DE'];
    const digits = Array.from({ length: 17 }, (_, n) => `+1${'2'.repeat(n)}`);
    for (const probe of [...probes, ...digits]) {
      expect(PATTERNS.countryCode.test(probe), probe).toBe(countryCode.safeParse(probe).success);
      expect(PATTERNS.phoneNo.test(probe), probe).toBe(phoneNo.safeParse(probe).success);
      expect(PATTERNS.tagNumber.test(probe), probe).toBe(playerTagSchema.shape.number.safeParse(probe).success);
    }
  });
});
