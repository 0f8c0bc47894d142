/**
 * The patterns of src/shared/contract/formats.ts accept and refuse exactly
 * what the zod formats they replace do (browser bundles avoid the formats'
 * classes; the server and the forms must not notice).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { coercedNumber, emailAddress, isoDateTime, stringBoolean } from '../../../src/shared/contract/formats';

function outcome(schema: z.ZodMiniType, input: unknown): { ok: boolean; data?: unknown } {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, data: r.data } : { ok: false };
}

function same(ours: z.ZodMiniType, zods: z.ZodMiniType, inputs: readonly unknown[]) {
  for (const input of inputs) expect(outcome(ours, input), String(input)).toEqual(outcome(zods, input));
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
});
