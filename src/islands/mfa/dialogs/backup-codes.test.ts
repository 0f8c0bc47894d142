import { describe, expect, it } from 'vitest';
import { backupCodesFile, formatBackupCode, hasDigits } from './backup-codes';

describe('backup codes', () => {
  it('shows 8 digits as 4+4', () => {
    expect(formatBackupCode('12345678')).toBe('1234 5678');
    expect(formatBackupCode('1234')).toBe('1234');
  });

  it('knows when the digits came with the set', () => {
    expect(hasDigits([{ position: 1, backupCode: '11112222', used: false }])).toBe(true);
    expect(hasDigits([{ position: 1, backupCode: null, used: false }])).toBe(false);
    expect(hasDigits([])).toBe(false);
  });

  it('writes one numbered code per line with used codes marked', () => {
    const file = backupCodesFile(
      [
        { position: 1, backupCode: '11112222', used: false },
        { position: 2, backupCode: '33334444', used: true },
        { position: 10, backupCode: '55556666', used: false },
      ],
      { title: 'Backup codes', intro: 'Each code works once.', usedMarker: 'used', account: 'a@b.co', created: '2025' },
    );
    expect(file.split('\r\n')).toEqual([
      'Backup codes',
      'a@b.co',
      '2025',
      '',
      'Each code works once.',
      '',
      ' 1. 1111 2222',
      ' 2. 3333 4444  (used)',
      '10. 5555 6666',
      '',
    ]);
  });
});
