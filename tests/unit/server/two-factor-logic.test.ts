/**
 * Pure two-factor logic: RFC 6238 codes and the ±1 step window, backup code
 * generation and hashing within the PBKDF2 cap, phone rules, masking, device
 * names from User-Agents, and the notice texts in every locale.
 */
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { describeUserAgent } from '../../../server/core/reference/devices';
import { checkPhone, maskPhone } from '../../../server/core/reference/phone-numbers';
import { countriesOfRegion } from '../../../server/core/reference/countries';
import { formatNoticeTime, securityNotice } from '../../../server/core/notices/send';
import { fill, NOTICE_TEXTS, type NoticeKey } from '../../../server/core/notices/texts';
import {
  BACKUP_CODE_HASH_PARAMS,
  findBackupCode,
  hashBackupCode,
  newBackupCodes,
} from '../../../server/core/security/backup-codes';
import { PBKDF2_MAX_ITERATIONS_PER_CALL } from '../../../server/core/security/pbkdf2';
import { matchTotpStep, newTotpSecret, otpauthUri, totpStep } from '../../../server/core/security/totp';

/** RFC 6238 Appendix B (SHA-1): the ASCII secret "12345678901234567890", 8-digit values truncated to 6. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s, ±1 step)', () => {
  it.each(RFC_VECTORS)('matches the RFC vector at T=%i', (seconds, code) => {
    const now = seconds * 1000;
    expect(matchTotpStep(RFC_SECRET, code, now)).toBe(totpStep(now));
  });

  it('accepts the previous and next step and nothing further', () => {
    const now = 1234567890 * 1000;
    const step = totpStep(now);
    expect(matchTotpStep(RFC_SECRET, '005924', now + 30_000)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, '005924', now - 30_000)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, '005924', now + 60_000)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '005924', now - 60_000)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '000000', now)).toBeNull();
  });

  it('makes 160-bit base32 secrets and a standard otpauth URI', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    const uri = new URL(otpauthUri(a, 'player@example.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Lumenforge:player@example.test');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Lumenforge',
      secret: a,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('backup codes', () => {
  it('are 10 distinct 8-digit codes', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^\d{8}$/);
  });

  it('are stored as salted slow hashes within the Workers PBKDF2 cap', async () => {
    expect(BACKUP_CODE_HASH_PARAMS.standard.iterationsPerCall).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS_PER_CALL);
    // Watch WebCrypto itself: every PBKDF2 derivation, whoever calls it.
    const derive = crypto.subtle.deriveBits.bind(crypto.subtle);
    const seen: number[] = [];
    const spy = vi.spyOn(crypto.subtle, 'deriveBits').mockImplementation((algorithm, key, length) => {
      if (typeof algorithm === 'object' && algorithm.name === 'PBKDF2')
        seen.push((algorithm as Pbkdf2Params).iterations);
      return derive(algorithm, key, length);
    });
    const a = await hashBackupCode('12345678');
    const b = await hashBackupCode('12345678');
    await findBackupCode('12345678', [{ id: 1, codeHash: a }]);
    spy.mockRestore();
    expect(a).toMatch(/^lfp1\$100000\$100000\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('12345678');
    expect(seen).toEqual([100_000, 100_000, 100_000]);
  });

  it('finds the matching stored code', async () => {
    const stored = await Promise.all(
      ['11112222', '33334444'].map(async (code, i) => ({ id: i + 1, codeHash: await hashBackupCode(code) })),
    );
    expect(await findBackupCode('33334444', stored)).toBe(2);
    expect(await findBackupCode('55556666', stored)).toBeNull();
    expect(await findBackupCode('11112222', [])).toBeNull();
  });
});

describe('phone numbers', () => {
  const global = countriesOfRegion('global');
  it.each([
    ['+12015550123', { ok: true, e164: '+12015550123', country: 'US' }],
    ['+821012345678', { ok: true, e164: '+821012345678', country: 'KR' }],
    ['+8201012345678', { ok: false, reason: 'leading-zero' }],
    ['+390612345678', { ok: false, reason: 'leading-zero' }],
    ['+1201555', { ok: false, reason: 'invalid' }],
    ['+819012345678', { ok: false, reason: 'country' }],
    ['+493012345678', { ok: false, reason: 'no-sms' }],
    ['+18005550123', { ok: false, reason: 'no-sms' }],
  ])('%s', (input, expected) => {
    expect(checkPhone(input, global)).toEqual(expected);
  });

  it('a country is allowed where its region serves it', () => {
    expect(checkPhone('+819012345678', countriesOfRegion('japan'))).toMatchObject({ ok: true, country: 'JP' });
  });

  it('masks all but the calling code and the last four digits', () => {
    expect(maskPhone('+12015554567')).toBe('+1******4567');
    expect(maskPhone('+821012345678')).toBe('+82******5678');
  });
});

describe('device names from the User-Agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      { browser: 'Edge', os: 'Windows', type: 'PC' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      { browser: 'Safari', os: 'macOS', type: 'PC' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android', type: 'MOBILE' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', os: 'iPadOS', type: 'TABLET' },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      { browser: 'Firefox', os: 'Linux', type: 'PC' },
    ],
    [
      'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15',
      { browser: 'Safari', os: 'PlayStation', type: 'CONSOLE' },
    ],
    ['curl/8.0', { browser: null, os: null, type: 'UNDEFINED' }],
  ])('%s', (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });
});

describe('notice texts', () => {
  const keys = Object.keys(NOTICE_TEXTS.en) as NoticeKey[];
  const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it('every locale has every text, non-empty, with the same placeholders', () => {
    for (const locale of LOCALES)
      for (const key of keys) {
        const text = NOTICE_TEXTS[locale][key];
        expect(text.trim().length, `${locale}.${key}`).toBeGreaterThan(0);
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(NOTICE_TEXTS.en[key]));
      }
  });

  it('no locale but en carries English sentences', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en'))
      for (const key of keys.filter((k) => k !== 'launcher' && k !== 'deviceOn'))
        expect(NOTICE_TEXTS[locale][key], `${locale}.${key}`).not.toBe(NOTICE_TEXTS.en[key]);
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('Code {{code}} ({{minutes}} min) {{other}}', { code: '123456', minutes: 5 })).toBe(
      'Code 123456 (5 min) {{other}}',
    );
  });

  it('formats the time in the caller’s offset', () => {
    const at = Date.UTC(2025, 0, 1, 3, 30);
    expect(formatNoticeTime(at, 'en', 540)).toBe('January 1, 2025 at 12:30 PM (UTC+09:00)');
    expect(formatNoticeTime(at, 'en')).toContain('(UTC+00:00)');
    expect(formatNoticeTime(at, 'en', -330)).toContain('(UTC-05:30)');
  });

  it('builds a notice with the change, the time and the advice', () => {
    const n = securityNotice({ key: 'deviceAdded', name: 'Chrome on Windows' }, 'fr', Date.UTC(2025, 0, 1), 60);
    expect(n.subject).toBe(NOTICE_TEXTS.fr.securitySubject);
    expect(n.text).toContain('Un appareil de confiance a été ajouté : Chrome on Windows.');
    expect(n.text).toContain(NOTICE_TEXTS.fr.notYou);
  });
});
