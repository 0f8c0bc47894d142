/**
 * Every region build (run after `npm run build:all`) carries the build profile the API reads through ASSETS
 * (server/core/build-profile.ts): a local build of its own region with the offline captcha, so the API beside it
 * allows DEV_TOOLS and the dev captcha, and refuses to run as production.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_PROFILE_FILE, buildProfileSchema } from '../../../server/core/build-profile';
import { REGION_IDS } from '../../../src/regions/index';

const DIST = new URL('../../../dist/', import.meta.url).pathname;

describe.each(REGION_IDS)('dist/%s', (id) => {
  it('is marked as a local build of its region with the dev captcha', () => {
    const profile = buildProfileSchema.parse(JSON.parse(readFileSync(`${DIST}${id}/${BUILD_PROFILE_FILE}`, 'utf8')));
    expect(profile).toEqual({ region: id, production: false, captcha: 'dev' });
  });
});
