import { describe, expect, it } from 'vitest';
import { isRegionId, regionFromEnv, regions, REGION_IDS } from '../../src/regions/index';

describe('region configs (spec §1, §9)', () => {
  it('has the six region builds', () => {
    expect(REGION_IDS).toEqual(['global', 'th', 'tw', 'sea', 'japan', 'one']);
  });
  it.each([
    ['global', 1],
    ['th', 3],
    ['tw', 4],
    ['sea', 5],
    ['japan', 6],
    ['one', null],
  ] as const)('%s has membership number %s', (id, no) => {
    expect(regions[id].membershipNo).toBe(no);
  });
  it('adds membershipNo to POST bodies in every region but one', () => {
    for (const id of REGION_IDS) expect(regions[id].postBodiesCarryMembershipNo, id).toBe(id !== 'one');
    expect(regions.one.unified).toBe(true);
  });
  it('carries the content-region rules', () => {
    expect(regions.global.contentRules.fixedCountryBySubRegion).toEqual({ ru: 'RU' });
    expect(regions.sea.contentRules.vietnamContentRegion).toBe('vietnam');
    expect(regions.japan.contentRegion).toBe('jp');
  });
  it('lists the §9 newsletter product ids', () => {
    expect(regions.global.newsletterProductIds).toEqual([
      10100, 10200, 10300, 59794, 59789, 59754, 59752, 59750, 59759, 59749,
    ]);
    expect(regions.th.newsletterProductIds).toEqual([59789, 59754, 59752, 59750, 59749]);
    expect(regions.sea.newsletterProductIds).toEqual(regions.th.newsletterProductIds);
    expect(regions.tw.newsletterProductIds.slice(0, 3)).toEqual([50220, 59767, 50202]);
  });
  it('opens support through the desk login only on global', () => {
    for (const id of REGION_IDS) expect(regions[id].supportViaDeskLogin, id).toBe(id === 'global');
  });
  it('reads REGION with global as default and refuses unknown values', () => {
    expect(regionFromEnv(undefined)).toBe('global');
    expect(regionFromEnv('')).toBe('global');
    expect(regionFromEnv('th')).toBe('th');
    expect(() => regionFromEnv('kr')).toThrow(/REGION=kr/);
    expect(isRegionId('jp')).toBe(false);
  });
});
