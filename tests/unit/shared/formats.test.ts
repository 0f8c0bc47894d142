/**
 * The patterns of src/shared/contract/formats.ts accept and refuse exactly
 * what the zod formats they replace do (browser bundles avoid the formats'
 * classes; the server and the forms must not notice).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { UUID_PATTERN } from '../../../src/client/stores/device';
import {
  coercedNumber,
  EMAIL_PATTERN,
  ISO_DATETIME_PATTERN,
  emailAddress,
  isoDateTime,
  stringBoolean,
  stringRecord,
} from '../../../src/shared/contract/formats';

function outcome(schema: z.ZodMiniType, input: unknown): { ok: boolean; data?: unknown } {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, data: r.data } : { ok: false };
}

function same(ours: z.ZodMiniType, zods: z.ZodMiniType, inputs: readonly unknown[]) {
  inputs.forEach((input, i) => {
    expect(outcome(ours, input), `input #${String(i)}`).toEqual(outcome(zods, input));
  });
}

describe('formats as patterns', () => {
  it('emailAddress is z.email()', () => {
    same(emailAddress(), z.email(), [
      'a@b.co',
      'first.last+tag@sub.example.com',
      'a@b',
      'a@@b.co',
      '.a@b.co',
      'a..b@c.co',
      'a@b.c',
      'a@-b.co',
      'ü@b.co',
      ' a@b.co',
      '',
      42,
      null,
    ]);
    const message = emailAddress('error.input.email-invalid').safeParse('nope');
    expect(message.success ? '' : message.error.issues[0]?.message).toBe('error.input.email-invalid');
  });

  it('isoDateTime is z.iso.datetime()', () => {
    same(isoDateTime(), z.iso.datetime(), [
      '2026-11-21T21:00:00Z',
      '2026-11-21T21:00:00.123Z',
      '2026-11-21T21:00:00.123456789Z',
      '2026-11-21T21:00Z',
      '2026-11-21T21:00:00+01:00',
      '2026-11-21T21:00:00',
      '2026-02-30T21:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-21 21:00:00Z',
      '2026-11-21',
      '',
      0,
    ]);
  });

  it('stringBoolean is z.stringbool()', () => {
    same(stringBoolean(), z.stringbool(), [
      'true',
      'TRUE',
      '1',
      'yes',
      'On',
      'y',
      'enabled',
      'false',
      'False',
      '0',
      'no',
      'OFF',
      'n',
      'disabled',
      '',
      'truthy',
      ' true',
      '2',
      'DİSABLED',
      true,
      1,
      null,
    ]);
  });

  it('coercedNumber is z.coerce.number()', () => {
    const inputs = ['12', ' 12 ', '', '1e3', '0x1F', '1.5', '-3', 'abc', 'Infinity', null, true, 7n, Symbol('s'), {}];
    same(coercedNumber(), z.coerce.number(), inputs);
    same(coercedNumber(z.int()), z.coerce.number().check(z.int()), inputs);
  });

  it('stringRecord is z.record() with a string key schema', () => {
    const key = z.string().check(z.regex(/^[A-Z]{2}$/));
    const value = z.string().check(z.regex(/^\d{1,4}$/));
    const withProto = JSON.parse('{"__proto__": "1", "DE": "49"}') as unknown;
    const withSymbol = { DE: '49', [Symbol('s')]: '1' };
    const hidden = Object.defineProperty({ DE: '49' }, 'xx', { value: 'bad', enumerable: false });
    const inputs = [
      {},
      { DE: '49' },
      { DE: '49', US: '1' },
      { de: '49' },
      { DE: 49 },
      { DE: '12345' },
      { '12': '1' },
      withProto,
      withSymbol,
      hidden,
      Object.create(null) as unknown,
      Object.assign(Object.create(null) as object, { TH: '66' }),
      [],
      ['49'],
      new Date(0),
      new Map([['DE', '49']]),
      null,
      'DE',
      undefined,
    ];
    same(stringRecord(key, value), z.record(key, value), inputs);
    same(stringRecord(z.string(), z.unknown()), z.record(z.string(), z.unknown()), inputs);
  });
});

describe("zod's patterns, copied as literals", () => {
  it('are the patterns zod checks', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
    const datetime = z.regexes.datetime({ offset: false, local: false, precision: null });
    expect(ISO_DATETIME_PATTERN.source).toBe(datetime.source);
    expect(ISO_DATETIME_PATTERN.flags).toBe(datetime.flags);
    expect(UUID_PATTERN.source).toBe(z.regexes.uuid().source);
    expect(UUID_PATTERN.flags).toBe(z.regexes.uuid().flags);
  });
});
