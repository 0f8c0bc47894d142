import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, flatten, placeholders, productName, SOURCE_CATALOGUES } from '../../src/i18n/catalogue';
import { getT, islandStrings } from '../../src/i18n/i18n';
import { captchaLocaleHint, htmlLang, LOCALES, serverLocaleCode } from '../../src/i18n/locales';

const en = flatten(CATALOGUES.en);
const others = LOCALES.filter((l) => l !== 'en');

/** Strings that are the same in every language by nature (brand names, endonyms, codes). */
const SAME_EVERYWHERE = /^(Lumenforge( Account)?|[A-Z0-9 .:@/+-]+|\{\{\w+\}\})$/;

describe('locale catalogues', () => {
  it('has 13 locales with en as the source', () => {
    expect(LOCALES).toHaveLength(13);
    expect(Object.keys(en).length).toBeGreaterThan(10);
  });

  it.each(others)('%s has exactly the keys of en', (locale) => {
    const keys = Object.keys(flatten(CATALOGUES[locale])).sort();
    expect(keys).toEqual(Object.keys(en).sort());
  });

  it.each(others)('%s keeps every {{placeholder}} of en', (locale) => {
    const cat = flatten(CATALOGUES[locale]);
    for (const [key, message] of Object.entries(en))
      expect(placeholders(cat[key] ?? ''), key).toEqual(placeholders(message));
  });

  it.each(others)('%s is translated, not an English copy', (locale) => {
    const cat = flatten(CATALOGUES[locale]);
    const copies = Object.entries(en)
      .filter(([key, message]) => message.length > 12 && cat[key] === message && !SAME_EVERYWHERE.test(message))
      .map(([key]) => key);
    expect(copies).toEqual([]);
  });

  it('has no empty message', () => {
    for (const locale of LOCALES)
      for (const [key, message] of Object.entries(flatten(CATALOGUES[locale])))
        expect(message.trim(), `${locale}:${key}`).not.toBe('');
  });
});

describe('keys named outside the islands', () => {
  it('names in the shared validation schemas only keys of en.json (src/shared/validation/issue-key.ts)', () => {
    const dir = new URL('../../src/shared/validation/', import.meta.url);
    const named = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/'((?:error|form)\.[\w.-]+)'/g)])
      .map((m) => m[1] ?? '');
    expect(named.length).toBeGreaterThan(10);
    for (const key of named) expect(en[key], key).toBeDefined();
  });
});

describe('i18n factory', () => {
  it('returns a fixed t per locale with interpolation', () => {
    expect(getT('en')('footer.copyright', { year: 2030 })).toContain('2030');
    expect(getT('de')('app.name')).toBe(flatten(CATALOGUES.de)['app.name']);
  });
  it('throws on a missing key instead of leaking it', () => {
    expect(() => getT('en')('no.such.key')).toThrow(/missing key/);
  });
  it('gives an island only the keys under its prefixes', () => {
    const strings = islandStrings('fr', ['page.notFound']);
    expect(Object.keys(strings).every((k) => k.startsWith('page.notFound.'))).toBe(true);
    expect(() => islandStrings('fr', ['nothing.here'])).toThrow();
  });
});

describe('locale codes (spec §9)', () => {
  it.each([
    ['es', 'es_419'],
    ['en', 'en_US'],
    ['pt', 'pt_BR'],
    ['zh', 'zh_TW'],
    ['de', 'de_DE'],
    ['ja', 'ja_JA'],
    ['th', 'th_TH'],
  ] as const)('%s is sent to the server as %s', (locale, code) => {
    expect(serverLocaleCode(locale)).toBe(code);
  });
  it('hints zh-TW to the captcha and keeps others', () => {
    expect(captchaLocaleHint('zh')).toBe('zh-TW');
    expect(captchaLocaleHint('fr')).toBe('fr');
  });
  it('declares a valid BCP 47 html lang', () => {
    for (const l of LOCALES) expect(() => new Intl.Locale(htmlLang(l))).not.toThrow();
  });
});

describe('the product name (one key: app.name)', () => {
  it('messages that name the product say {{product}} in every locale alike', () => {
    const named = Object.entries(flatten(SOURCE_CATALOGUES.en)).filter(([, m]) => placeholders(m).includes('product'));
    expect(named.map(([key]) => key)).toEqual(expect.arrayContaining(['shell.cookie.text', 'error.modal.20007.desc']));
    for (const locale of LOCALES)
      for (const [key] of named)
        expect(placeholders(flatten(SOURCE_CATALOGUES[locale])[key] ?? ''), `${locale} ${key}`).toContain('product');
  });

  it.each(LOCALES)('%s pages name the product as its header does, never with an untranslated name', (locale) => {
    const name = productName(SOURCE_CATALOGUES[locale]);
    const filled = flatten(CATALOGUES[locale]);
    expect(filled['shell.cookie.text']).toContain(name);
    expect(filled['error.modal.20007.desc']).toContain(name);
    expect(getT(locale)('shell.cookie.text')).toContain(name);
    for (const [key, message] of Object.entries(filled)) {
      expect(message, key).not.toMatch(/\{\{\s*product\s*\}\}/);
      if (name !== 'Lumenforge Account') expect(message, `${locale} ${key}`).not.toContain('Lumenforge Account');
    }
  });
});
