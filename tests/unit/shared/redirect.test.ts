import { describe, expect, it } from 'vitest';
import global from '../../../src/regions/global';
import { REGION_IDS } from '../../../src/regions/schema';
import { regions } from '../../../src/regions/index';
import { checkRedirect, defaultRedirect, safeRedirect } from '../../../src/shared/redirect';

const policy = { suffixes: global.redirectDomainSuffixes, origin: 'https://account.lumenforge.com' };
const DEFAULT = '/account/en/setting/account-overview';

describe('redirect allow-list: accepted targets', () => {
  it.each([
    ['https://lumenforge.com/news', 'https://lumenforge.com/news'],
    ['https://www.lumenforge.com/games?id=5#top', 'https://www.lumenforge.com/games?id=5#top'],
    ['https://support.lumenforge.com/hc/requests', 'https://support.lumenforge.com/hc/requests'],
    ['https://play.lumenforge.io/', 'https://play.lumenforge.io/'],
    ['https://www.twitch.tv/lumenforge', 'https://www.twitch.tv/lumenforge'],
    ['https://discord.com/oauth2/authorize?client_id=1', 'https://discord.com/oauth2/authorize?client_id=1'],
    ['https://accounts.google.com/o/oauth2', 'https://accounts.google.com/o/oauth2'],
    ['https://appleid.apple.com/auth', 'https://appleid.apple.com/auth'],
    ['https://x.com/lumenforge', 'https://x.com/lumenforge'],
    ['https://m.facebook.com/', 'https://m.facebook.com/'],
    ['HTTPS://LUMENFORGE.COM/Path', 'https://lumenforge.com/Path'],
    ['https://lumenforge.com', 'https://lumenforge.com/'],
    ['https://lumenforge.com/search?q=a%20b', 'https://lumenforge.com/search?q=a%20b'],
    ['/account/en/setting/security', '/account/en/setting/security'],
    ['/account/en/authorize?client_id=3&state=x', '/account/en/authorize?client_id=3&state=x'],
    ['/', '/'],
    ['https://account.lumenforge.com/account/en/login', '/account/en/login'],
  ])('%s', (input, expected) => {
    expect(checkRedirect(input, policy)).toBe(expected);
    expect(safeRedirect(input, { ...policy, locale: 'en' })).toBe(expected);
  });

  it('an absolute URL on the portal origin (http in local dev) becomes a same-origin path', () => {
    const local = { suffixes: global.redirectDomainSuffixes, origin: 'http://localhost:8788' };
    expect(checkRedirect('http://localhost:8788/account/en/setting/security?x=1', local)).toBe(
      '/account/en/setting/security?x=1',
    );
    expect(checkRedirect('http://localhost:8788@evil.com/', local)).toBeUndefined();
    expect(checkRedirect('http://localhost:87889/', local)).toBeUndefined();
  });
});

describe('redirect allow-list: hostile targets fall back to the account settings page', () => {
  const hostile: [string, unknown][] = [
    ['plain http', 'http://lumenforge.com/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme, mixed case and whitespace', ' JaVaScRiPt:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['protocol-relative', '//evil.com/'],
    ['protocol-relative to allowed host', '//lumenforge.com/'],
    ['slash-backslash', '/\\evil.com'],
    ['backslash in authority', 'https://evil.com\\@lumenforge.com/'],
    ['backslash after host', 'https://lumenforge.com\\.evil.com/'],
    ['single-slash scheme', 'https:/lumenforge.com/'],
    ['scheme without slashes', 'https:lumenforge.com'],
    ['triple slash', 'https:///lumenforge.com/'],
    ['suffix without dot boundary', 'https://evillumenforge.com/'],
    ['allowed name as subdomain of attacker', 'https://lumenforge.com.evil.com/'],
    ['allowed name in path', 'https://evil.com/lumenforge.com'],
    ['allowed name in query', 'https://evil.com/?lumenforge.com'],
    ['userinfo', 'https://user@lumenforge.com/'],
    ['userinfo with password', 'https://lumenforge.com:pw@evil.com/'],
    ['userinfo pretending', 'https://lumenforge.com@evil.com/'],
    ['explicit default port', 'https://lumenforge.com:443/'],
    ['explicit port', 'https://lumenforge.com:8443/'],
    ['empty port', 'https://lumenforge.com:/'],
    ['trailing dot', 'https://lumenforge.com./'],
    ['percent-encoded host', 'https://lumenforge%2ecom/'],
    ['percent-encoded dot before suffix', 'https://evil%2elumenforge.com/'],
    ['IDN homograph (Cyrillic)', 'https://lumenfоrge.com/'],
    ['punycode label', 'https://xn--lumenfrge-2rh.com/'],
    ['punycode subdomain', 'https://xn--80ak6aa92e.lumenforge.com/'],
    ['fullwidth dot', 'https://evil.com．lumenforge.com/'],
    ['IPv4 literal', 'https://127.0.0.1/'],
    ['IPv4 shorthand', 'https://2130706433/'],
    ['IPv6 literal', 'https://[::1]/'],
    ['leading space', ' https://lumenforge.com/'],
    ['trailing space', 'https://lumenforge.com/ '],
    ['tab inside scheme', 'ht\ttps://lumenforge.com/'],
    ['newline inside host', 'https://lumen\nforge.com/'],
    ['CR LF header injection', '/account\r\nSet-Cookie:x=1'],
    ['NUL byte', '/account/en\u0000/login'],
    ['zero-width space', 'https://lumenforge.com\u200b.evil.com/'],
    ['no-break space', '/account/\u00a0en'],
    ['line separator', '/account/\u2028en'],
    ['encoded slash in path', '/%2F%2Fevil.com'],
    ['encoded backslash in path', '/%5Cevil.com'],
    ['encoded dot-dot in path', '/account/%2e%2e/%2e%2e/admin'],
    ['double encoding in path', '/%252F%252Fevil.com'],
    ['encoded NUL in query', '/account/en/login?x=%00'],
    ['malformed percent', '/account/%E0%A4%A'],
    ['malformed percent in absolute URL', 'https://lumenforge.com/%zz'],
    ['relative path', 'account/en/login'],
    ['dot-relative path', './evil'],
    ['bare host', 'lumenforge.com'],
    ['empty string', ''],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object', { href: 'https://lumenforge.com/' }],
    ['too long', `https://lumenforge.com/${'a'.repeat(2100)}`],
    ['single-label host', 'https://com/'],
    ['host that only ends with the suffix letters', 'https://notx.com/'],
    ['ftp', 'ftp://lumenforge.com/'],
    ['ws', 'wss://lumenforge.com/'],
    ['blob', 'blob:https://lumenforge.com/uuid'],
  ];
  it.each(hostile)('%s', (_label, input) => {
    expect(checkRedirect(input, policy)).toBeUndefined();
    expect(safeRedirect(input, { ...policy, locale: 'en' })).toBe(DEFAULT);
  });
});

describe('redirect allow-list: per region', () => {
  it('a regional domain is accepted only by the region that lists it', () => {
    const th = regions.th;
    expect(checkRedirect('https://www.lumenforge.co.th/', { suffixes: th.redirectDomainSuffixes })).toBe(
      'https://www.lumenforge.co.th/',
    );
    expect(checkRedirect('https://www.lumenforge.co.th/', { suffixes: global.redirectDomainSuffixes })).toBeUndefined();
  });

  it.each(REGION_IDS)('%s accepts its own suffixes and the default is localized', (id) => {
    const region = regions[id];
    for (const suffix of region.redirectDomainSuffixes) {
      expect(checkRedirect(`https://${suffix}/x`, { suffixes: region.redirectDomainSuffixes })).toBe(
        `https://${suffix}/x`,
      );
    }
    expect(defaultRedirect('ja')).toBe('/account/ja/setting/account-overview');
  });
});
