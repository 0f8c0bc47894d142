/**
 * The start-up's hand-written payload checks (src/client/startup/payloads.ts, and notifications.json's in
 * src/client/shell/notification-banner.ts) next to the contract's zod schemas
 * on the same inputs: the same values accepted, the same refused, the same output.
 */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  isSessionId,
  parseConfiguration,
  parseEnvelope,
  parseLoginStatus,
} from '../../../../src/client/startup/payloads';
import { parseNotifications } from '../../../../src/client/shell/notification-banner';
import { configurationSchema } from '../../../../src/shared/contract/config';
import { notificationsSchema } from '../../../../src/shared/contract/content';
import { loginStatusResponse } from '../../../../src/shared/contract/login-status';
import { SCALARS, same } from './same-as-zod';

describe('parseConfiguration matches configurationSchema', () => {
  it('on whole payloads and on every value of each field', () => {
    const fields = ['maintenance', 'showCaptcha', 'socialLoginEnabled'];
    const values: unknown[] = [
      ...SCALARS,
      { maintenance: true, showCaptcha: true, socialLoginEnabled: true },
      { maintenance: false, extra: 'dropped' },
      Object.create({ maintenance: true }) as unknown,
      ...fields.flatMap((field) => SCALARS.map((value) => ({ [field]: value }))),
      ...SCALARS.map((value) => ({ maintenance: true, showCaptcha: value })),
    ];
    same(parseConfiguration, configurationSchema, values);
  });

  it('gives every field: the switches of maintenance and captcha off, provider sign-in on, unless set', () => {
    expect(parseConfiguration({})).toEqual({ maintenance: false, showCaptcha: false, socialLoginEnabled: true });
    expect(parseConfiguration({ showCaptcha: true })).toEqual({
      maintenance: false,
      showCaptcha: true,
      socialLoginEnabled: true,
    });
    expect(parseConfiguration({ socialLoginEnabled: false })).toEqual({
      maintenance: false,
      showCaptcha: false,
      socialLoginEnabled: false,
    });
    expect(parseConfiguration({ maintenance: 'yes' })).toBeUndefined();
  });
});

describe('parseLoginStatus matches loginStatusResponse', () => {
  it('on every value of isLoggedIn and on other payloads', () => {
    same(parseLoginStatus, loginStatusResponse, [
      ...SCALARS,
      ...SCALARS.map((value) => ({ isLoggedIn: value })),
      { isLoggedIn: true, userNo: 5 },
    ]);
    expect(parseLoginStatus({ isLoggedIn: true })).toEqual({ isLoggedIn: true });
  });
});

describe('parseNotifications matches notificationsSchema', () => {
  const entry = { name: 'Account', message: { en: 'Maintenance tonight', de: 'Wartung heute Nacht' } };
  it('on lists, entries, messages and links', () => {
    const entries: unknown[] = [
      entry,
      { ...entry, link: 'https://example.com/news' },
      { ...entry, link: undefined },
      { ...entry, link: 'http://example.com' },
      { ...entry, link: 'https://' },
      { ...entry, link: 'https://a b' },
      { ...entry, link: 'https://a\nb' },
      { ...entry, link: 5 },
      { ...entry, extra: true },
      { ...entry, message: { en: '' } },
      { ...entry, message: { en: 'x', fr: 5, ja: null } },
      { ...entry, message: { de: 'x' } },
      { ...entry, message: 'x' },
      { ...entry, message: ['x'] },
      { ...entry, message: null },
      { ...entry, name: 5 },
      { message: entry.message },
      ...SCALARS,
    ];
    same(parseNotifications, notificationsSchema, [
      ...SCALARS,
      ...entries.map((e) => [e]),
      [entry, { name: 'Other', message: { en: 'y' } }],
      [entry, 'not an entry'],
      // A hole in the list is an undefined entry to both.
      [entry, , entry],
    ]);
  });

  it('keeps the other locales of a message as they are', () => {
    expect(parseNotifications([entry])).toEqual([entry]);
  });
});

describe('parseEnvelope matches the stored-value envelope {"v":1,"value":…}', () => {
  const envelope = z.object({ v: z.literal(1), value: z.unknown() });
  it('on versions, values and other payloads', () => {
    same(
      (value) => parseEnvelope(value, 1),
      envelope,
      [
        ...SCALARS,
        ...SCALARS.map((v) => ({ v, value: 'x' })),
        ...SCALARS.map((value) => ({ v: 1, value })),
        { v: 1 },
        { v: 2, value: 'x' },
        { v: '1', value: 'x' },
        Object.assign(Object.create({ value: 'inherited' }) as object, { v: 1 }),
      ],
      // The reader gets the value; the version is the envelope's business.
      (data) => ({ value: (data as { value: unknown }).value }),
    );
  });
});

describe('isSessionId matches the session id pattern of src/client/http/session.ts', () => {
  const sessionIdSchema = z.string().check(z.regex(/^[A-Za-z0-9._~+/=-]{1,512}$/));
  it.each<[unknown, boolean]>([
    ['abc.DEF_123~+/=-', true],
    ['x'.repeat(512), true],
    ['x'.repeat(513), false],
    ['', false],
    ['with space', false],
    ['line\nbreak', false],
    ['ünïcode', false],
    [5, false],
    [null, false],
  ])('%j → %s', (value, accepted) => {
    expect(isSessionId(value)).toBe(accepted);
    expect(sessionIdSchema.safeParse(value).success).toBe(accepted);
  });
});
