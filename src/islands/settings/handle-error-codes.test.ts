import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../../shared/contract/index';
import { isErrorCode } from '../../shared/errors/codes';
import { SETTINGS_COMMON_CODES, VERIFIED_SESSION_CALLS } from './handle-error-codes';

describe('settings error codes', () => {
  it('names endpoints of the contract', () => {
    const ids = new Set(ALL_ENDPOINTS.map((e) => e.id));
    for (const id of VERIFIED_SESSION_CALLS) expect(ids.has(id), id).toBe(true);
  });
  it('lists only catalogued codes', () => {
    for (const code of SETTINGS_COMMON_CODES) expect(isErrorCode(code), code).toBe(true);
  });
});
