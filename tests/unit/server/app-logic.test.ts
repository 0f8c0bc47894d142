/** Pure logic of the API: request helpers, env parsing, country data, OpenAPI generation. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  COUNTRY_CODES,
  countriesOfRegion,
  membershipOfCountry,
  regionOfMembership,
} from '../../../server/core/reference/countries';
import { settingsOf, type Env } from '../../../server/core/env';
import { camelCase, strict } from '../../../server/core/http/mount';
import { isAllowedOrigin } from '../../../server/core/http/origin';
import { buildOpenApi } from '../../../server/configuration/openapi-routes';
import { ALL_ENDPOINTS } from '../../../src/shared/contract/index';
import { REGION_IDS } from '../../../src/regions/index';

const env = (vars: Partial<Env>) => ({ DB: {}, CONFIG: {}, ...vars }) as unknown as Env;

describe('request helpers', () => {
  it('camelCases snake_case query names', () => {
    expect(camelCase('membership_no')).toBe('membershipNo');
    expect(camelCase('device_id')).toBe('deviceId');
    expect(camelCase('email')).toBe('email');
  });

  it('makes object schemas strict', () => {
    const s = strict(z.object({ a: z.number() }));
    expect(s.safeParse({ a: 1 }).success).toBe(true);
    expect(s.safeParse({ a: 1, b: 2 }).success).toBe(false);
  });

  it('accepts only configured origins (never one derived from the request)', () => {
    const allowed = ['https://account.example'];
    expect(isAllowedOrigin('https://account.example', allowed)).toBe(true);
    expect(isAllowedOrigin('https://api.example', allowed)).toBe(false);
    expect(isAllowedOrigin('https://account.example.evil', allowed)).toBe(false);
    expect(isAllowedOrigin('null', allowed)).toBe(false);
  });
});

describe('env settings', () => {
  it('parses defaults: global region, local providers, dev tools off, no captcha secret', () => {
    const s = settingsOf(env({}));
    expect(s.region.id).toBe('global');
    expect(s.captcha).toBeNull();
    expect([s.email, s.sms, s.payment, s.devTools]).toEqual([null, null, null, false]);
    expect(settingsOf(env({ DEV_TOOLS: '1' })).captcha).toEqual({ provider: 'dev' });
  });

  it('turns DEV_TOOLS on only for 1 or true', () => {
    expect(settingsOf(env({ DEV_TOOLS: '1' })).devTools).toBe(true);
    expect(settingsOf(env({ DEV_TOOLS: '0' })).devTools).toBe(false);
    expect(() => settingsOf(env({ DEV_TOOLS: 'yes' }))).toThrow(/invalid/);
  });

  it('fails loudly on a bad region, origin, key or half-configured provider', () => {
    expect(() => settingsOf(env({ REGION: 'mars' }))).toThrow(/REGION/);
    expect(() => settingsOf(env({ ALLOWED_ORIGINS: 'https://ok.example,javascript:x' }))).toThrow(/origin/);
    expect(() => settingsOf(env({ TOTP_ENCRYPTION_KEY: 'short' }))).toThrow(/invalid/);
    expect(() => settingsOf(env({ EMAIL_API_URL: 'https://mail.example/send' }))).toThrow(/together/);
    expect(() =>
      settingsOf(env({ EMAIL_API_URL: 'http://mail.example', EMAIL_API_KEY: 'k', EMAIL_FROM: 'f' })),
    ).toThrow();
  });
});

describe('country data', () => {
  it('every country belongs to exactly one membership region', () => {
    const regional = REGION_IDS.filter((id) => id !== 'one').flatMap((id) => countriesOfRegion(id));
    expect([...regional].sort()).toEqual([...COUNTRY_CODES]);
    expect(countriesOfRegion('one')).toEqual(COUNTRY_CODES);
  });

  it('maps countries and membership numbers both ways (spec §9)', () => {
    expect(membershipOfCountry('TH')).toBe(3);
    expect(membershipOfCountry('TW')).toBe(4);
    expect(membershipOfCountry('VN')).toBe(5);
    expect(membershipOfCountry('JP')).toBe(6);
    expect(membershipOfCountry('BR')).toBe(1);
    expect(regionOfMembership(1)).toBe('global');
    expect(regionOfMembership(2)).toBeNull();
  });
});

describe('OpenAPI generation', () => {
  it('renders every endpoint without throwing, with unique operation ids', () => {
    const doc = buildOpenApi(ALL_ENDPOINTS) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(ALL_ENDPOINTS.length);
  });
});
