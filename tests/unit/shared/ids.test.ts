/**
 * The contract's field kinds (src/shared/contract/ids.ts): what identifiers,
 * tokens, secrets and text accept and refuse, and that every request field
 * of every endpoint refuses the characters issue 10 found accepted.
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { ALL_ENDPOINTS } from '../../../src/shared/contract/index';
import { STAFF_ENDPOINTS } from '../../../src/shared/contract/staff';
import {
  blackBox,
  captchaToken,
  clientId,
  deviceId,
  hashedUserNo,
  identifier,
  loginId,
  opaqueToken,
  password,
  secret,
  text,
  token,
} from '../../../src/shared/contract/ids';
import { deviceName } from '../../../src/shared/contract/trusted-devices';

const ok = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

/** Characters no id, token or text field may carry: NUL, RLO, RLI, ZWSP, ZWJ, BOM, soft hyphen, lone surrogates. */
const HOSTILE = {
  NUL: '\u0000',
  'U+202E right-to-left override': '\u202e',
  'U+2067 right-to-left isolate': '\u2067',
  'U+200B zero-width space': '\u200b',
  'U+200D zero-width joiner': '\u200d',
  'U+FEFF byte-order mark': '\ufeff',
  'U+00AD soft hyphen': '\u00ad',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udc00',
  'surrogates in the wrong order': '\udc00\ud800',
};
/** What even a password refuses: controls and lone surrogates. */
const NEVER = ['\u0000', '\u0007', '\n', '\u007f', '\u0085', '\ud800', '\udfff', 'a\ud83d'];

describe('identifier', () => {
  it('accepts the device ids the portal and the launcher produce', () => {
    for (let i = 0; i < 50; i++) expect(ok(deviceId, crypto.randomUUID())).toBe(true);
    for (const id of ['LAUNCHER-DEVICE-1', 'DEVICE-1234', 'd', 'device-a', 'a'.repeat(128)])
      expect(ok(deviceId, id)).toBe(true);
  });

  it('accepts hashed user numbers (base64url) and other id shapes', () => {
    expect(ok(hashedUserNo, 'Zm9vYmFy_-0123456789abcdefghijklmnopqrstuvw')).toBe(true);
    expect(ok(identifier(64), 'com.example.device:42_a-b')).toBe(true);
    expect(ok(clientId, '1888')).toBe(true);
  });

  it.each(Object.entries(HOSTILE))('refuses %s', (_name, ch) => {
    for (const schema of [deviceId, clientId, hashedUserNo]) {
      expect(ok(schema, `device${ch}`)).toBe(false);
      expect(ok(schema, ch)).toBe(false);
    }
  });

  it('deviceId (its own pattern, for the app shell) accepts exactly what identifier(128) does', () => {
    const samples = [
      '',
      'd',
      'a'.repeat(128),
      'a'.repeat(129),
      'a_b.c:d-e',
      'a b',
      'a/b',
      'é',
      '\u0000',
      '\ud800',
      'x\n',
    ];
    for (let i = 0; i < 200; i++)
      samples.push(
        String.fromCharCode(...Array.from({ length: 1 + (i % 5) }, (_, j) => 32 + ((i * 7 + j * 13) % 100))),
      );
    for (const sample of samples)
      expect(ok(deviceId, sample), JSON.stringify(sample)).toBe(ok(identifier(128), sample));
  });

  it('refuses the empty string, over-long ids, spaces, slashes, quotes and non-ASCII letters', () => {
    for (const bad of ['', 'a'.repeat(129), 'dev ice', 'a/b', 'a"b', "a'b", 'gerät', 'Ｄ', 'a\tb', 'a+b']) {
      expect(ok(deviceId, bad), JSON.stringify(bad)).toBe(false);
    }
    expect(ok(clientId, 'a'.repeat(65))).toBe(false);
  });
});

describe('token', () => {
  it('accepts provider and API tokens', () => {
    for (const value of [
      'dev-captcha-pass',
      '0.AbC_dEf-123.xyz',
      '03AFcWeA6+/base64==',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_-',
      '!#$%&()*,;<=>?@[]^`{|}~',
    ]) {
      expect(ok(captchaToken, value), value).toBe(true);
    }
    expect(ok(token(8), 'x'.repeat(8))).toBe(true);
    expect(ok(token(8), 'x'.repeat(9))).toBe(false);
    expect(ok(blackBox, 'b'.repeat(8192))).toBe(true);
  });

  it.each(Object.entries(HOSTILE))('refuses %s', (_name, ch) => {
    for (const schema of [captchaToken, opaqueToken, blackBox]) expect(ok(schema, `tok${ch}en`)).toBe(false);
  });

  it('refuses empty tokens, spaces and non-ASCII', () => {
    for (const bad of ['', 'a b', 'é', 'a\u00a0b', '😀']) expect(ok(opaqueToken, bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('secret (passwords)', () => {
  it('keeps Unicode, spaces and emoji sequences: a password is the player’s choice', () => {
    for (const value of ['Correct-Horse-9', 'pässwörd mit Leerzeichen', 'パスワード123', '👨‍👩‍👧 family', 'a\u202eb']) {
      expect(ok(password, value), value).toBe(true);
    }
  });

  it('refuses controls and lone surrogates, which would hash like other strings', () => {
    for (const bad of NEVER) expect(ok(password, `pass${bad}word`), JSON.stringify(bad)).toBe(false);
    expect(ok(password, '')).toBe(false);
    expect(ok(secret(8, 10), 'x'.repeat(11))).toBe(false);
  });
});

describe('text', () => {
  it('keeps letters, marks, symbols and emoji of any script', () => {
    for (const value of ['Jane Doe', '山田 太郎', 'Gerät von Zoë', 'Ж', 'ผู้เล่น', 'Desk 😀', 'O’Brien', "d'Arc"]) {
      expect(ok(text(1, 64), value), value).toBe(true);
      expect(ok(deviceName, value), value).toBe(true);
    }
    expect(ok(loginId, 'legacy_user-01')).toBe(true);
  });

  it.each(Object.entries(HOSTILE))('refuses %s', (_name, ch) => {
    for (const schema of [loginId, deviceName, text(0, 10)]) expect(ok(schema, `Na${ch}me`)).toBe(false);
  });

  it('refuses private-use characters and line separators; bounds the length', () => {
    for (const bad of ['\ue000', '\u2028', '\u2029', '\udb80\udc00']) expect(ok(loginId, `a${bad}`)).toBe(false);
    expect(ok(text(1, 3), '')).toBe(false);
    expect(ok(text(1, 3), 'abcd')).toBe(false);
    expect(ok(deviceName, '   ')).toBe(false);
  });
});

/** An object schema's fields (zod mini keeps them in the definition's shape). */
function fields(schema: z.ZodMiniType | undefined): [string, z.ZodMiniType][] {
  const shape = (schema?._zod.def as { shape?: Record<string, z.ZodMiniType> } | undefined)?.shape;
  return Object.entries(shape ?? {});
}

describe('every request field of the contract', () => {
  // The staff console's calls (not in the public contract) are held to the same kinds.
  const requestFields = [...ALL_ENDPOINTS, ...STAFF_ENDPOINTS].flatMap((e) =>
    [...fields(e.body), ...fields(e.query)].map(([name, schema]) => [`${e.id}.${name}`, name, schema] as const),
  );

  it('covers the endpoints with bodies and queries', () => {
    expect(requestFields.length).toBeGreaterThan(150);
    expect(requestFields.map(([id]) => id)).toEqual(
      expect.arrayContaining(['webEmailLogin.deviceId', 'signup.partnerKey', 'staffBlock.reason']),
    );
  });

  it.each(requestFields)(
    '%s lets no NUL, bidi, zero-width character or lone surrogate through',
    (_id, name, schema) => {
      // Passwords keep format characters (a password is the player's choice); they refuse controls and surrogates.
      // A password field is one named so, or one using the password schema itself (currentPassword, newPassword).
      const hostile = name === 'password' || schema === password ? NEVER : [...NEVER, ...Object.values(HOSTILE)];
      for (const ch of hostile) {
        for (const value of [ch, `a${ch}b`, `${ch}1`, `1${ch}`, `d1${ch}x@example.com`]) {
          const r = schema.safeParse(value);
          // Refused, or (a trimmed field) cleaned: either way the character never reaches a handler.
          if (r.success)
            expect(JSON.stringify(r.data), JSON.stringify(value)).not.toContain(JSON.stringify(ch).slice(1, -1));
        }
      }
    },
  );

  it('reads query integers as decimal digits only', () => {
    const childUserNo = fields(ALL_ENDPOINTS.find((e) => e.id === 'releaseChild')?.query).find(
      ([n]) => n === 'childUserNo',
    )?.[1];
    expect(childUserNo?.safeParse('42')).toEqual({ success: true, data: 42 });
    for (const loose of ['', ' 1', '1 ', '\n', '0x1f', '1e3', '-1', '1.5', '+1', '１']) {
      expect(childUserNo?.safeParse(loose).success, JSON.stringify(loose)).toBe(false);
    }
  });
});
