import { expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { PROFILE_NOTICE_TEXTS } from '../../../server/settings/profile-notice-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

it.each(LOCALES)('%s has every profile notice with the placeholders of en', (locale) => {
  const en = PROFILE_NOTICE_TEXTS.en;
  const texts = PROFILE_NOTICE_TEXTS[locale];
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    expect(texts[key].trim().length, key).toBeGreaterThan(0);
    expect(placeholders(texts[key]), `${locale}.${key}`).toEqual(placeholders(en[key]));
    if (locale !== 'en' && key !== 'when') expect(texts[key], `${locale}.${key} is translated`).not.toBe(en[key]);
  }
});
