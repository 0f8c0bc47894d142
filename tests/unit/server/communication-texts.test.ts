/** The communication emails, texts and newsletter names (server/settings/communication-notice-texts.ts) in every locale. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { regions } from '../../../src/regions/index';
import { COMMUNICATION_TEXTS, NEWSLETTER_NAMES } from '../../../server/settings/communication-notice-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

it.each(LOCALES)('%s has every communication text with the placeholders of en', (locale) => {
  const en = COMMUNICATION_TEXTS.en;
  const texts = COMMUNICATION_TEXTS[locale];
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    expect(texts[key].trim().length, key).toBeGreaterThan(0);
    expect(placeholders(texts[key]), `${locale}.${key}`).toEqual(placeholders(en[key]));
    if (locale !== 'en') expect(texts[key], `${locale}.${key} is translated`).not.toBe(en[key]);
  }
});

describe('newsletter names', () => {
  it('name every list of every region (spec §9) in every locale', () => {
    for (const region of Object.values(regions))
      for (const id of region.newsletterProductIds)
        for (const locale of LOCALES)
          expect(NEWSLETTER_NAMES[id]?.[locale].trim(), `${String(id)} ${locale}`).toBeTruthy();
  });

  it('carriers require the STOP and HELP keywords in the opt-in text of every locale', () => {
    for (const locale of LOCALES) {
      expect(COMMUNICATION_TEXTS[locale].smsAsk, locale).toMatch(/\bYES\b/);
      expect(COMMUNICATION_TEXTS[locale].smsAsk, locale).toMatch(/\bSTOP\b/);
      expect(COMMUNICATION_TEXTS[locale].smsAsk, locale).toMatch(/\bHELP\b/);
    }
  });
});
