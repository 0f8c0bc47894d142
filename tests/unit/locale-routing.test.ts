import { describe, expect, it } from 'vitest';
import { routeMissing, routeRequest } from '../../src/edge/locale-routing';

describe('unknown paths (spec §2), before the asset lookup', () => {
  const cases: [path: string, search: string, cookie: string | undefined, expected: ReturnType<typeof routeRequest>][] =
    [
      ['/account', '', undefined, { kind: 'redirect', location: '/account/en/login' }],
      ['/account/', '', 'de', { kind: 'redirect', location: '/account/de/login' }],
      ['/account/ja', '', 'de', { kind: 'redirect', location: '/account/ja/login' }],
      [
        '/account/setting/security',
        '?x=1',
        undefined,
        { kind: 'redirect', location: '/account/en/setting/security?x=1' },
      ],
      ['/account/setting/security', '', 'fr', { kind: 'redirect', location: '/account/fr/setting/security' }],
      ['/account/setting', '', 'xx', { kind: 'redirect', location: '/account/en/setting' }],
      ['/account/EN/login', '', undefined, { kind: 'redirect', location: '/account/en/EN/login' }],
      ['/account/ko/login', '', 'ja', { kind: 'redirect', location: '/account/ja/login' }],
      ['/account/ko', '', undefined, { kind: 'redirect', location: '/account/en/login' }],
      ['/account/en/login', '', 'de', { kind: 'serve', locale: 'en' }],
      ['/account/favicon.svg', '', undefined, { kind: 'outside' }],
      ['/account/_astro/x', '', undefined, { kind: 'outside' }],
      ['/other', '', undefined, { kind: 'outside' }],
      ['/accounts/en/login', '', undefined, { kind: 'outside' }],
    ];
  it.each(cases)('%s%s (cookie %s)', (path, search, cookie, expected) => {
    expect(routeRequest(path, search, cookie)).toEqual(expected);
  });
});

describe('unknown paths, after the asset lookup found nothing', () => {
  it('strips a two-letter second segment', () => {
    expect(routeMissing('/account/en/de/login', '?a=b', 'en')).toEqual({
      kind: 'redirect',
      location: '/account/en/login?a=b',
    });
    expect(routeMissing('/account/en/de', '', 'en')).toEqual({ kind: 'redirect', location: '/account/en/login' });
  });
  it('otherwise serves the localized 404', () => {
    expect(routeMissing('/account/fr/nope', '', 'fr')).toEqual({ kind: 'notFound', locale: 'fr' });
    expect(routeMissing('/account/fr/login/deeper', '', 'fr')).toEqual({ kind: 'notFound', locale: 'fr' });
    expect(routeMissing('/account/fr/abc/login', '', 'fr')).toEqual({ kind: 'notFound', locale: 'fr' });
  });
});
