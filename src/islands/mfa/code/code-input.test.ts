import { describe, expect, it } from 'vitest';
import { checkCode, displayCode } from './code-input';

describe('verification code entry', () => {
  it('keeps 6 digits for the 6-digit methods', () => {
    expect(displayCode('12a3 45678', 'TOTP')).toBe('123456');
    expect(checkCode('123456', 'SMS')).toEqual({ code: '123456' });
    expect(checkCode('12345', 'EMAIL')).toEqual({ error: 'error.input.verificationCode' });
  });

  it('shows a backup code as 4+4 and sends its 8 digits', () => {
    expect(displayCode('12345678', 'BACKUP_CODE')).toBe('1234 5678');
    expect(displayCode('1234-56', 'BACKUP_CODE')).toBe('1234 56');
    expect(displayCode('1234', 'BACKUP_CODE')).toBe('1234');
    expect(checkCode('1234 5678', 'BACKUP_CODE')).toEqual({ code: '12345678' });
    expect(checkCode('1234 567', 'BACKUP_CODE')).toEqual({ error: 'error.input.backupCode' });
  });
});
