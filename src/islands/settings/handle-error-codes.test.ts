import { describe, expect, it } from 'vitest';
import { isErrorCode } from '../../shared/errors/codes';
import { SETTINGS_COMMON_CODES } from './handle-error-codes';

describe('settings error codes', () => {
  it('lists only catalogued codes', () => {
    for (const code of SETTINGS_COMMON_CODES) expect(isErrorCode(code), code).toBe(true);
  });
});
