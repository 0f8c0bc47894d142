import { describe, expect, it } from 'vitest';
import { guardRoute, needsLoginState, type GuardInput } from '../../../../src/client/navigation/guards';
import global from '../../../../src/regions/global';
import { routeByName, type RouteName } from '../../../../src/routes/registry';

const policy = { suffixes: global.redirectDomainSuffixes, origin: 'https://account.lumenforge.com' };

function input(name: RouteName, over: Partial<GuardInput> & { qs?: string } = {}): GuardInput {
  const { qs = '', ...rest } = over;
  return {
    route: routeByName(name),
    params: {},
    locale: 'en',
    query: new URLSearchParams(qs),
    currentPath: '/account/en/x',
    policy,
    loggedIn: undefined,
    ...rest,
  };
}

describe('route guards (spec §2, registry meta)', () => {
  it.each<[string, GuardInput, string | undefined]>([
    ['logged-out-only, anonymous', input('login', { loggedIn: false }), undefined],
    [
      'logged-out-only, logged in → default',
      input('login', { loggedIn: true }),
      '/account/en/setting/account-overview',
    ],
    [
      'logged-out-only, logged in → route_to',
      input('login', { loggedIn: true, qs: 'route_to=security' }),
      '/account/en/setting/security',
    ],
    [
      'logged-out-only, logged in → allowed return_url',
      input('self-service', { loggedIn: true, qs: 'return_url=https%3A%2F%2Fwww.lumenforge.com%2F' }),
      'https://www.lumenforge.com/',
    ],
    [
      'logged-out-only, logged in, hostile return_url → default',
      input('global-login', { loggedIn: true, qs: 'return_url=https%3A%2F%2Fevil.com%2F' }),
      '/account/en/setting/account-overview',
    ],
    [
      'requires login, anonymous → login with return_url',
      input('security', { loggedIn: false, currentPath: '/account/en/setting/security?tab=2' }),
      '/account/en/login?return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity%3Ftab%3D2',
    ],
    [
      'requires login, anonymous, carried values travel',
      input('authorize', { loggedIn: false, currentPath: '/account/en/authorize?clientId=3', qs: 'clientId=3' }),
      '/account/en/login?clientId=3&return_url=%2Faccount%2Fen%2Fauthorize%3FclientId%3D3',
    ],
    ['requires login, logged in', input('security', { loggedIn: true }), undefined],
    ['requires login, state unknown', input('security'), undefined],
    [
      'consent unset route, consent set → vpc-complete',
      input('vpc', { loggedIn: true, parentalConsentSet: true }),
      '/account/en/setting/parental-controls/vpc/complete',
    ],
    [
      'consent unset route, consent not set',
      input('parental-start', { loggedIn: true, parentalConsentSet: false }),
      undefined,
    ],
    [
      'consent set route, consent not set → start',
      input('add-child-signup', { loggedIn: true, parentalConsentSet: false }),
      '/account/en/setting/parental-controls/start',
    ],
    ['consent set route, consent set', input('vpc-complete', { loggedIn: true, parentalConsentSet: true }), undefined],
    ['consent route, consent unknown', input('vpc-complete', { loggedIn: true }), undefined],
    [
      'platform IAL short-circuits',
      input('platform-login', { params: { platform: 'IAL' } }),
      '/account/en/setting/account-overview',
    ],
    ['platform xbox', input('platform-login', { params: { platform: 'xbox' } }), undefined],
    ['redirect-only route', input('setting', { loggedIn: true }), '/account/en/setting/account-overview'],
    [
      'reset-password goes to self-service',
      input('reset-password', { qs: 'ticket=1' }),
      '/account/en/self-service/reset-password?ticket=1',
    ],
    ['unguarded route', input('create-complete', { loggedIn: true }), undefined],
  ])('%s', (_label, guardInput, expected) => {
    const decision = guardRoute(guardInput);
    expect(decision).toEqual(expected === undefined ? { kind: 'allow' } : { kind: 'redirect', href: expected });
  });

  it('asks for the login state only where a guard needs it', () => {
    expect(needsLoginState(routeByName('login'))).toBe(true);
    expect(needsLoginState(routeByName('security'))).toBe(true);
    expect(needsLoginState(routeByName('create-complete'))).toBe(false);
    expect(needsLoginState(routeByName('maintenance'))).toBe(false);
  });
});
