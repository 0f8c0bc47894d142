/** The emails of issue 18 (server/core/notices/security-notice-texts.ts): every locale, the same placeholders, no blanks. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { PASSKEY_TEXTS } from '../../../server/core/notices/security-notice-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('passkey and alert email texts', () => {
  const en = PASSKEY_TEXTS.en;
  it.each(LOCALES)('%s has every text, non-empty, with the placeholders of en', (locale) => {
    const texts = PASSKEY_TEXTS[locale];
    expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(texts[key].trim(), `${locale}.${key}`).not.toBe('');
      expect(placeholders(texts[key]), `${locale}.${key}`).toEqual(placeholders(en[key]));
    }
  });

  it('the alert links sit on their own line, so mail clients make them clickable', () => {
    for (const locale of LOCALES) expect(PASSKEY_TEXTS[locale].notMe).toMatch(/\n\{\{link\}\}$/);
  });
});
