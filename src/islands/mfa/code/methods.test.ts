import { describe, expect, it } from 'vitest';
import { orderMethods } from './methods';

describe('method order', () => {
  it('puts the primary first and backup codes last', () => {
    expect(orderMethods(['BACKUP_CODE', 'TOTP', 'SMS'], 'SMS')).toEqual(['SMS', 'TOTP', 'BACKUP_CODE']);
    expect(orderMethods(['SMS', 'TOTP'], null)).toEqual(['TOTP', 'SMS']);
    expect(orderMethods(['EMAIL', 'TOTP'], 'SMS')).toEqual(['TOTP', 'EMAIL']);
  });
});
