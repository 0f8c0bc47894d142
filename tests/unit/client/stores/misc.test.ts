import { describe, expect, it } from 'vitest';
import { singleCountryCode } from '../../../../src/client/stores/country';
import { childProductIds, isChildActive } from '../../../../src/client/stores/family';
import { deviceFlagsFromUserAgent } from '../../../../src/client/stores/global';
import { compareVersions, needsAuthToken } from '../../../../src/client/stores/launcher';
import { $loading, withLoading } from '../../../../src/client/stores/loading';
import { $login, clearCredentials } from '../../../../src/client/stores/login';

describe('launcher version threshold (spec §9: 1.7.0)', () => {
  it.each([
    ['1.6.9', true],
    ['1.6', true],
    ['1.7.0', false],
    ['1.7', false],
    ['1.10.0', false],
    ['2', false],
    [undefined, false],
  ])('%s needs the auth-token request: %s', (version, expected) => {
    expect(needsAuthToken(version)).toBe(expected);
  });
  it('compares numerically', () => {
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('1.7.0', '1.7')).toBe(0);
  });
});

describe('loading flag', () => {
  it('stays on while any operation runs', async () => {
    let releaseA: () => void = () => undefined;
    const a = withLoading(new Promise<void>((r) => (releaseA = r)));
    const b = withLoading(() => Promise.resolve('b'));
    expect($loading.get()).toBe(true);
    await expect(b).resolves.toBe('b');
    expect($loading.get()).toBe(true);
    releaseA();
    await a;
    expect($loading.get()).toBe(false);
  });
  it('turns off after a failure', async () => {
    await expect(withLoading(Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect($loading.get()).toBe(false);
  });
});

describe('other state rules', () => {
  it('login state redirects by default and clears credentials after login', () => {
    expect($login.get().redirect).toBe(true);
    $login.setKey('loginId', 'ada@example.com');
    $login.setKey('password', 'hunter22!');
    clearCredentials();
    expect($login.get()).toMatchObject({ loginId: '', password: '', hashedPassword: '' });
  });
  it('child status 1 is active and product ids split', () => {
    expect(isChildActive({ status: 1 })).toBe(true);
    expect(isChildActive({ status: 2 })).toBe(false);
    expect(childProductIds({ accessibleProductId: '50203, 50210,,' })).toEqual(['50203', '50210']);
    expect(childProductIds({ accessibleProductId: null })).toEqual([]);
  });
  it('a country-code object with exactly one key yields that key', () => {
    expect(singleCountryCode({ US: '+1' })).toBe('US');
    expect(singleCountryCode({ US: '+1', CA: '+1' })).toBeUndefined();
    expect(singleCountryCode({})).toBeUndefined();
  });
  it('device flags from the user agent', () => {
    expect(deviceFlagsFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile')).toEqual({
      mobile: true,
      ie: false,
      playStation: false,
    });
    expect(deviceFlagsFromUserAgent('Mozilla/5.0 (PlayStation 5 3.00) AppleWebKit').playStation).toBe(true);
    expect(deviceFlagsFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)').ie).toBe(true);
  });
});
