/**
 * The §8 error texts file (docs/errors.md "Where the texts come from"): one
 * per locale, at the URL the client fetches, holding exactly the catalogue's
 * keys, small enough to fetch with a page's first error.
 */
import { existsSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS_FILE, errorTextsPath, shownErrorText } from '../../src/client/errors/texts';
import { CATALOGUES, flatten } from '../../src/i18n/catalogue';
import { errorTexts } from '../../src/i18n/error-texts';
import { LOCALES } from '../../src/i18n/locales';
import { FRAME_STRINGS } from '../../src/layouts/screen';
import { GET, getStaticPaths } from '../../src/pages/account/[locale]/error-texts.json';
import { allErrorKeys, BASE_ERROR_KEYS, ERROR_CATALOGUE } from '../../src/shared/errors/catalogue';

describe('error-texts file', () => {
  it('is served by the page file the client asks for, one per locale', () => {
    expect(errorTextsPath('fr')).toBe('/account/fr/error-texts.json');
    expect(existsSync(new URL(`../../src/pages/account/[locale]/${ERROR_TEXTS_FILE}.ts`, import.meta.url))).toBe(true);
    expect(getStaticPaths().map((p) => p.params.locale)).toEqual([...LOCALES]);
  });

  it.each(LOCALES)('%s holds exactly the keys the catalogue declares, in its language', (locale) => {
    const texts = errorTexts(locale);
    expect(Object.keys(texts).sort()).toEqual(allErrorKeys());
    const all = flatten(CATALOGUES[locale]);
    for (const [key, message] of Object.entries(texts)) expect(message, key).toBe(all[key]);
  });

  it('answers the JSON of the locale', async () => {
    // The endpoint reads only params; the rest of Astro's context is not needed to build the file.
    const response = await GET({ params: { locale: 'de' } } as unknown as Parameters<typeof GET>[0]);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(await response.json()).toEqual(errorTexts('de'));
  });

  it('resolves every code with the frame strings and the file, as a page does', () => {
    const en = flatten(CATALOGUES.en);
    const frame = Object.fromEntries(
      Object.entries(en).filter(([key]) => FRAME_STRINGS.some((p) => key === p || key.startsWith(`${p}.`))),
    );
    for (const code of Object.keys(ERROR_CATALOGUE)) {
      const text = shownErrorText([frame, errorTexts('en')], code);
      const alone = shownErrorText([en], code);
      expect(text, code).toEqual(alone);
    }
  });

  it('gives every island the general message, so a failed fetch still reads right', () => {
    for (const key of BASE_ERROR_KEYS) expect(FRAME_STRINGS as readonly string[]).toContain(key);
  });

  it('stays small: a page fetches it with its first error', () => {
    const largest = Math.max(...LOCALES.map((l) => brotliCompressSync(JSON.stringify(errorTexts(l))).length));
    const en = brotliCompressSync(JSON.stringify(errorTexts('en'))).length;
    console.log(`error-texts.json: en ${en} B br, largest locale ${largest} B br`);
    expect(largest).toBeLessThan(4096);
  });
});
