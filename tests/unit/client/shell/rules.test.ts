import { describe, expect, it } from 'vitest';
import { assetUrl, cssUrl, pickBackground } from '../../../../src/client/shell/background-rules';
import { contentRegionFor } from '../../../../src/client/shell/content-region';
import { cookieAutoAccept, footerVisible, type FooterInput } from '../../../../src/client/startup/rules';
import { regions } from '../../../../src/regions/index';
import type { GameListEntry } from '../../../../src/shared/contract/game-list';

const base: FooterInput = {
  hideFooter: false,
  launcher: false,
  loggedIn: undefined,
  appType: undefined,
  landing: false,
};

describe('footer rules (spec §2)', () => {
  it.each<[string, Partial<FooterInput>, boolean]>([
    ['plain web visit', {}, false],
    ['web, logged in', { loggedIn: true }, false],
    ['launcher, not logged in', { launcher: true, loggedIn: false }, true],
    ['launcher, logged in', { launcher: true, loggedIn: true }, false],
    ['launcher, state unknown', { launcher: true }, false],
    ['toy channel', { appType: 'toy' }, true],
    ['toy_community channel', { appType: 'toy_community' }, true],
    ['developers channel', { appType: 'developers' }, true],
    ['toy_region channel', { appType: 'toy_region' }, false],
    ['web channel', { appType: 'web' }, false],
    ['landing page', { landing: true }, true],
    ['hideFooter wins over launcher', { hideFooter: true, launcher: true, loggedIn: false }, false],
    ['hideFooter wins over toy', { hideFooter: true, appType: 'toy' }, false],
    ['hideFooter wins over landing', { hideFooter: true, landing: true }, false],
  ])('%s → %s', (_label, over, expected) => {
    expect(footerVisible({ ...base, ...over })).toBe(expected);
  });
});

const games: GameListEntry[] = [
  {
    productID: 50203,
    name: 'Skyforge Tactics',
    gameAccountBackground: '/frontend/v3/assets/skyforge.svg',
    gameAccountBackgroundWide: '/frontend/v3/assets/skyforge-wide.svg',
    gameAccountBackgroundColor: '#1b2a4a',
  },
  { productID: 7, name: 'Narrow only', gameAccountBackground: 'https://cdn.lumenforge.com/n.svg' },
  { productID: 8, name: 'Colour only', gameAccountBackgroundColor: '#000' },
  { productID: 9, name: 'Nothing' },
];

describe('game backgrounds (spec §2, §9: wide above 740 px)', () => {
  it.each<[string | undefined, number, { image: string | undefined; color: string | undefined } | undefined]>([
    ['50203', 1024, { image: '/account/cdn/frontend/v3/assets/skyforge-wide.svg', color: '#1b2a4a' }],
    ['50203', 741, { image: '/account/cdn/frontend/v3/assets/skyforge-wide.svg', color: '#1b2a4a' }],
    ['50203', 740, { image: '/account/cdn/frontend/v3/assets/skyforge.svg', color: '#1b2a4a' }],
    ['50203', 375, { image: '/account/cdn/frontend/v3/assets/skyforge.svg', color: '#1b2a4a' }],
    ['7', 1920, { image: 'https://cdn.lumenforge.com/n.svg', color: undefined }],
    ['8', 1920, { image: undefined, color: '#000' }],
    ['9', 1920, undefined],
    ['404', 1920, undefined],
    [undefined, 1920, undefined],
  ])('product %s at %i px', (productId, width, expected) => {
    expect(pickBackground(games, productId, width, '/account/cdn')).toEqual(expected);
  });

  it('resolves CDN-relative assets and quotes CSS urls safely', () => {
    expect(assetUrl('/a.svg', '/account/cdn/')).toBe('/account/cdn/a.svg');
    expect(assetUrl('https://x.com/a.svg', '/account/cdn')).toBe('https://x.com/a.svg');
    expect(cssUrl('/account/cdn/a b.svg')).toBe('url("/account/cdn/a%20b.svg")');
    expect(cssUrl('/x")red;(\\')).toBe('url("/x%22%29red;%28%5C")');
    expect(cssUrl('/a%20b.svg')).toBe('url("/a%20b.svg")');
  });
});

describe('cookie banner auto-accept (spec §2, §9)', () => {
  it.each([
    [true, 'global', true],
    [false, 'one', true],
    [true, 'one', true],
    [false, 'global', false],
    [false, 'th', false],
  ])('app mode %s in %s → %s', (app, id, expected) => {
    expect(cookieAutoAccept(app, id)).toBe(expected);
  });
});

describe('content region (spec §9)', () => {
  it('sea with Vietnam uses the vietnam content region; others keep theirs', () => {
    expect(contentRegionFor(regions.sea, true)).toBe('vietnam');
    expect(contentRegionFor(regions.sea, false)).toBe('sea');
    expect(contentRegionFor(regions.global, true)).toBe('global');
    expect(contentRegionFor(regions.japan, false)).toBe('jp');
  });
});
