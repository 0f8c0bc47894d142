import { describe, expect, it } from 'vitest';
import { settingsRefreshFailure } from '../../../../src/client/navigation/settings-refresh';

describe('settings refresh failure (spec §2)', () => {
  it.each([
    ['20100', false, { kind: 'logout', notifyParent: false }],
    ['20100', true, { kind: 'logout', notifyParent: true }],
    ['20102', false, { kind: 'logout', notifyParent: false }],
    ['20102', true, { kind: 'logout', notifyParent: true }],
    ['20001', true, { kind: 'login' }],
    ['NETWORK_ERROR', false, { kind: 'login' }],
    ['00000', false, { kind: 'login' }],
  ] as const)('%s (app mode %s)', (code, app, expected) => {
    expect(settingsRefreshFailure(code, app)).toEqual(expected);
  });
});
