import { describe, expect, it } from 'vitest';
import { deviceNameError } from './name-rules';

describe('device name (spec §5)', () => {
  it('gives the three spec messages', () => {
    expect(deviceNameError('')).toBe('error.input.trusted-device-name');
    expect(deviceNameError('   ')).toBe('error.input.trusted-device-name');
    expect(deviceNameError('x'.repeat(129))).toBe('error.input.length.device-name');
    expect(deviceNameError('Desk<script>')).toBe('error.input.not-valid-device-name');
  });
  it('accepts 1 to 128 characters', () => {
    expect(deviceNameError('a')).toBeUndefined();
    expect(deviceNameError('x'.repeat(128))).toBeUndefined();
    expect(deviceNameError('  Chrome on Windows  ')).toBeUndefined();
  });
});
