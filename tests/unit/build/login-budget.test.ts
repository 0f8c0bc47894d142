/**
 * Issue 2's JavaScript budget, held by every build (run after `npm run build:all`): the login page of each region
 * loads at most 75 KB of JavaScript, brotli, counted as `npm run bench` counts it (src/build/page-weight.ts). The
 * bench also compares it with the floor page (≤ 1.25×) and checks what Chromium really loads.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageWeight } from '../../../src/build/page-weight';
import { REGION_IDS } from '../../../src/regions/index';

const DIST = new URL('../../../dist/', import.meta.url).pathname;
const BUDGET_BROTLI = 75 * 1024;

describe('login page JavaScript budget (≤ 75 KB brotli)', () => {
  it.each(REGION_IDS.filter((region) => existsSync(`${DIST}${region}/account/en/login.html`)))('%s', async (region) => {
    const weight = await pageWeight(`${DIST}${region}`, '/account/en/login.html');
    expect(weight.jsFiles.some((f) => f.includes('LoginIsland'))).toBe(true);
    expect(weight.js.brotli, weight.jsFiles.join(', ')).toBeLessThanOrEqual(BUDGET_BROTLI);
  });

  it('is checked for every region', () => {
    expect(REGION_IDS.filter((region) => !existsSync(`${DIST}${region}/account/en/login.html`))).toEqual([]);
  });
});
