/**
 * The browser build's zod/mini (src/client/zod-mini.ts) next to zod/mini
 * itself: each replaced check, then the portal's own schemas loaded once with
 * each, on the same values. Same values accepted, same output, same first
 * message (the portal shows messages, i18n keys, never zod's codes).
 */
import { describe, expect, it, vi } from 'vitest';
import * as real from 'zod/mini';
import * as lite from '../../../src/client/zod-mini';

type Schema = {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } };
};

function outcome(schema: Schema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, message: result.error?.issues[0]?.message };
}

/** Builds the schema with both and expects the same outcome for every value. */
function same(build: (z: typeof real) => Schema, values: readonly unknown[]) {
  const a = build(real);
  const b = build(lite as unknown as typeof real);
  for (const value of values) expect(outcome(b, value), String(value)).toEqual(outcome(a, value));
}

const NUMBERS = [0, 1, -1, 0.5, 1e21, 2 ** 53, -(2 ** 53), Number.NaN, Infinity, -Infinity, '1', null, undefined, true];
const STRINGS = [
  '',
  'a',
  'abc',
  'abcd',
  ' ab ',
  '😀',
  '😀😀😀',
  '😀😀😀😀',
  '\uD800x',
  'a\uDC00b',
  1,
  null,
  ['a', 'b'],
];

describe('the browser zod/mini: each replaced check', () => {
  it('int, as a schema and as a check', () => {
    same((z) => z.int(), NUMBERS);
    same((z) => z.number().check(z.int()), NUMBERS);
    same((z) => z.number().check(z.int('error.int')), NUMBERS);
  });

  it('gte, lte and positive', () => {
    same((z) => z.number().check(z.gte(0)), NUMBERS);
    same((z) => z.number().check(z.lte(0, 'error.max')), NUMBERS);
    same((z) => z.number().check(z.positive()), NUMBERS);
    same((z) => z.number().check(z.int(), z.gte(-840), z.lte(840)), [...NUMBERS, 840, 841, -840, -841]);
  });

  it('minLength and maxLength count code points, on strings and arrays', () => {
    for (const n of [0, 1, 3, 4]) {
      same((z) => z.string().check(z.minLength(n, 'error.short')), STRINGS);
      same((z) => z.string().check(z.maxLength(n, 'error.long')), STRINGS);
      same(
        (z) => z.array(z.string()).check(z.minLength(n), z.maxLength(n + 1)),
        [[], ['a'], ['a', 'b', 'c', 'd', 'e'], 'abc'],
      );
    }
  });

  it('regex, with and without the global flag, twice in a row', () => {
    same(
      (z) => z.string().check(z.regex(/^\d{6}$/, 'error.code')),
      ['123456', '12345', '1234567', 'abcdef', 123456, null],
    );
    const global = (z: typeof real) => z.string().check(z.regex(/a/g));
    same(global, ['a', 'a', 'ba', 'b', 'a']);
  });

  it('literal and enum', () => {
    same((z) => z.literal(1), [1, '1', 2, null, undefined]);
    same((z) => z.literal('settings'), ['settings', 'Settings', '', undefined]);
    same((z) => z.literal([1, 'x']), [1, 'x', 2, 'y']);
    same((z) => z.enum(['v2', 'v3']), ['v2', 'v3', 'v4', 2, null, undefined, 'toString']);
    same((z) => z.enum({ a: 'one', b: 'two' }), ['one', 'two', 'a', 'b']);
  });
});

/** The portal's schemas, from modules loaded with the browser's zod/mini. */
async function withBrowserZod<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  vi.doMock('zod/mini', () => import('../../../src/client/zod-mini'));
  try {
    return await load();
  } finally {
    vi.doUnmock('zod/mini');
    vi.resetModules();
  }
}

describe('the browser zod/mini: the portal schemas', () => {
  const modules = async () => ({
    email: await import('../../../src/shared/validation/email'),
    password: await import('../../../src/shared/validation/password'),
    code: await import('../../../src/shared/validation/code'),
    deviceName: await import('../../../src/shared/validation/device-name'),
    common: await import('../../../src/shared/contract/common'),
    config: await import('../../../src/shared/contract/config'),
    content: await import('../../../src/shared/contract/content'),
    entry: await import('../../../src/client/navigation/stored-params'),
  });

  it('accept, refuse and report alike', async () => {
    const a = await modules();
    const b = await withBrowserZod(modules);
    // The browser copy really is the other implementation.
    expect(b.common.timeOffset).not.toBe(a.common.timeOffset);
    const pairs: [Schema, Schema, unknown[]][] = [
      [a.email.emailSchema, b.email.emailSchema, ['', ' a@b.co ', 'a@b', 'x'.repeat(250) + '@b.co', 'ä@b.co', 3]],
      [
        a.password.passwordSchema,
        b.password.passwordSchema,
        ['', 'short', 'Longer-pass1', 'x'.repeat(65), 'ÄÖÜäöüß1!aa'],
      ],
      [a.code.verificationCodeSchema, b.code.verificationCodeSchema, [' 123456 ', '12345', 'abcdef', '']],
      [
        a.deviceName.deviceNameSchema,
        b.deviceName.deviceNameSchema,
        ['', '  ', 'Laptop', 'x'.repeat(129), '😀'.repeat(128)],
      ],
      [a.common.timeOffset, b.common.timeOffset, [0, 840, 841, -840.5, '1']],
      [a.common.membershipNo, b.common.membershipNo, [1, 0, -1, 1.5, '1']],
      [a.common.captchaVersion, b.common.captchaVersion, ['v2', 'v3', 'v1']],
      [
        a.config.configurationSchema,
        b.config.configurationSchema,
        [{}, { maintenance: true }, { showCaptcha: 'yes' }, null],
      ],
      [
        a.content.notificationsSchema,
        b.content.notificationsSchema,
        [
          [],
          [{ name: 'Account', message: { en: 'x' } }],
          [{ name: 'Account', message: { en: '' } }],
          [{ name: 'A', message: { en: 'x' }, link: 'http://x' }],
        ],
      ],
      [
        a.entry.storedParamsSchema,
        b.entry.storedParamsSchema,
        [{}, { appType: 'toy' }, { appType: 'tv' }, { productId: '12a' }],
      ],
    ];
    for (const [real, browser, values] of pairs)
      for (const value of values) expect(outcome(browser, value), JSON.stringify(value)).toEqual(outcome(real, value));
  });
});

describe('the browser zod/mini: every module browser code may load', () => {
  // Every .ts module of the browser's source folders (components are .tsx and build their schemas in these); the
  // shell's entry script starts the page when loaded, and its imports are all here.
  const sources = import.meta.glob([
    '../../../src/client/**/*.ts',
    '../../../src/shared/**/*.ts',
    '../../../src/islands/**/*.ts',
    '!**/*.test.ts',
    '!../../../src/client/shell/main.ts',
  ]);

  it('builds its schemas with it (a schema it cannot build fails here, not in a player’s browser)', async () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const failures = await withBrowserZod(async () => {
      const failed: string[] = [];
      for (const [path, load] of Object.entries(sources)) {
        try {
          await load();
        } catch (error) {
          failed.push(`${path}: ${String(error)}`);
        }
      }
      return failed;
    });
    expect(failures).toEqual([]);
  });
});
