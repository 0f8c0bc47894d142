import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentRegionFor } from '../../../../src/client/shell/content-region';
import { regions, REGION_IDS } from '../../../../src/regions/index';
import { notificationsPath, notificationsSchema } from '../../../../src/shared/contract/content';
import { gameListPath, gameListSchema } from '../../../../src/shared/contract/game-list';

const cdnRoot = new URL('../../../../public/account/cdn', import.meta.url).pathname;
const contentRegions = [
  ...new Set(REGION_IDS.flatMap((id) => [contentRegionFor(regions[id], false), contentRegionFor(regions[id], true)])),
];

describe('content-delivery files for every content region (spec §7)', () => {
  it('covers global, th, tw, sea, vietnam, jp and one', () => {
    expect(contentRegions.sort()).toEqual(['global', 'jp', 'one', 'sea', 'th', 'tw', 'vietnam']);
  });

  it.each(contentRegions)('%s: gamelist.json and notifications.json parse and every asset exists', (cr) => {
    const games = gameListSchema.parse(JSON.parse(readFileSync(`${cdnRoot}${gameListPath(cr)}`, 'utf8')));
    expect(games.length).toBeGreaterThan(0);
    for (const game of games) {
      for (const asset of [game.gameAccountBackground, game.gameAccountBackgroundWide]) {
        expect(asset).toBeDefined();
        expect(existsSync(`${cdnRoot}${asset ?? ''}`)).toBe(true);
      }
    }
    // By default no banner: an empty list.
    expect(notificationsSchema.parse(JSON.parse(readFileSync(`${cdnRoot}${notificationsPath(cr)}`, 'utf8')))).toEqual(
      [],
    );
  });
});
