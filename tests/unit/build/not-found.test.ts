/**
 * The localized 404 page (served by the Functions for unknown paths) has the
 * language picker like every other page (issue 11 §4): each language's link
 * leads to the not-found page in that language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlLang, LOCALES } from '../../../src/i18n/locales';
import { REGION_IDS } from '../../../src/regions/index';

const DIST = new URL('../../../dist/', import.meta.url).pathname;

describe.each(REGION_IDS)('404 page of %s', (region) => {
  it.each(['en', 'ja'] as const)('in %s offers every language', (locale) => {
    const html = readFileSync(join(DIST, region, 'account', locale, '404.html'), 'utf8');
    const picker = /<details class="lang-picker">([\s\S]*?)<\/details>/.exec(html)?.[1] ?? '';
    for (const l of LOCALES) expect(picker, l).toContain(`href="/account/${l}/404" hreflang="${htmlLang(l)}"`);
  });
});
