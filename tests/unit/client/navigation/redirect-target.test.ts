import { describe, expect, it } from 'vitest';
import { resolveRedirect } from '../../../../src/client/navigation/redirect-target';
import global from '../../../../src/regions/global';

const policy = { suffixes: global.redirectDomainSuffixes, origin: 'https://account.lumenforge.com' };
const resolve = (qs: string, locale = 'en') => resolveRedirect({ locale, query: new URLSearchParams(qs), policy });

describe('resolveRedirect (spec §2: route_to, else return_url/redirect_uri through the allow-list, else default)', () => {
  it.each([
    ['route_to=security', '/account/en/setting/security'],
    [
      'route_to=security&return_url=https%3A%2F%2Flumenforge.com%2F',
      '/account/en/setting/security?return_url=https%3A%2F%2Flumenforge.com%2F',
    ],
    ['route_to=security&ticket=t', '/account/en/setting/security?ticket=t'],
    ['route_to=not-a-route&return_url=https%3A%2F%2Flumenforge.com%2Fnews', 'https://lumenforge.com/news'],
    ['route_to=platform-login', '/account/en/setting/account-overview'],
    ['route_to=login-tpa', '/account/en/login/tpa'],
    ['return_url=https%3A%2F%2Fwww.lumenforge.com%2Fnews', 'https://www.lumenforge.com/news'],
    ['return_url=%2Faccount%2Fen%2Fsetting%2Fsecurity', '/account/en/setting/security'],
    ['redirect_uri=https%3A%2F%2Fdiscord.com%2Fapp', 'https://discord.com/app'],
    ['return_url=https%3A%2F%2Fevil.com%2F', '/account/en/setting/account-overview'],
    ['return_url=javascript%3Aalert(1)', '/account/en/setting/account-overview'],
    [
      'return_url=https%3A%2F%2Fevil.com&redirect_uri=https%3A%2F%2Flumenforge.com%2F',
      '/account/en/setting/account-overview',
    ],
    ['', '/account/en/setting/account-overview'],
  ])('%s → %s', (qs, expected) => {
    expect(resolve(qs)).toBe(expected);
  });

  it('uses the page locale for the default', () => {
    expect(resolve('', 'th')).toBe('/account/th/setting/account-overview');
  });
});
