import { describe, expect, it } from 'vitest';
import { matchParams, routeHref } from '../../../../src/client/navigation/href';
import * as routes from '../../../../src/routes/refs';

describe('routeHref', () => {
  it('builds /account/{locale}/{path} from the registry', () => {
    expect(routeHref('de', { route: routes.login })).toBe('/account/de/login');
    expect(routeHref('en', { route: routes.security })).toBe('/account/en/setting/security');
    expect(routeHref('en', { route: routes.platformLogin, params: { platform: 'xbox' } })).toBe(
      '/account/en/global/xbox/login',
    );
    expect(routeHref('en', { route: routes.loginTpa })).toBe('/account/en/login/tpa');
  });

  it('carries the current carried values and adds the caller’s', () => {
    const current = new URLSearchParams('ticket=t1&code=secret&clientId=7');
    expect(routeHref('en', { route: routes.create, query: { email: 'a@b.c' }, hash: 'top' }, current)).toBe(
      '/account/en/create?ticket=t1&clientId=7&email=a%40b.c#top',
    );
  });

  it('throws on a missing required parameter', () => {
    expect(() => routeHref('en', { route: routes.loginSocialLink })).toThrow(/case/);
  });
});

describe('matchParams', () => {
  it.each([
    ['global/{platform}/login', 'global/IAL/login', { platform: 'IAL' }],
    [
      'global/{platform}/login/callback/social/{socialProvider?}',
      'global/xbox/login/callback/social',
      { platform: 'xbox' },
    ],
    [
      'global/{platform}/login/callback/social/{socialProvider?}',
      'global/xbox/login/callback/social/google',
      { platform: 'xbox', socialProvider: 'google' },
    ],
    ['{setting?}/opt-in-sms', 'opt-in-sms', {}],
    ['{setting?}/opt-in-sms', 'setting/opt-in-sms', { setting: 'setting' }],
    ['login', 'login', {}],
  ])('%s ~ %s', (pattern, path, expected) => {
    expect(matchParams(pattern, path)).toEqual(expected);
  });

  it('does not match another path', () => {
    expect(matchParams('global/{platform}/login', 'global/xbox/instruction')).toBeUndefined();
    expect(matchParams('login', 'login.html')).toBeUndefined();
  });
});
