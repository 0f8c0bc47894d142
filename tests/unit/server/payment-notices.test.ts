/** The payment-card notices (server/payments/notice-texts.ts): every locale, the same placeholders, brand names. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { PAYMENT_NOTICE_TEXTS, paymentNotice } from '../../../server/payments/notice-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('payment notices', () => {
  it('every locale has every text, non-empty, with the placeholders of English', () => {
    const en = PAYMENT_NOTICE_TEXTS.en;
    for (const locale of LOCALES) {
      const t = PAYMENT_NOTICE_TEXTS[locale];
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(t[key].trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(t[key]), `${locale}.${key}`).toEqual(placeholders(en[key]));
      }
      if (locale !== 'en') expect(t.added, locale).not.toBe(en.added);
    }
  });

  it('describes the card by brand and last 4, with the time and what to do if it was not you', () => {
    const now = Date.UTC(2026, 0, 2, 3, 4);
    const { subject, text } = paymentNotice('removed', { brand: 'amex', last4: '0005' }, 'en', now);
    expect(subject).toBe('Payment methods changed on your Lumenforge Account');
    expect(text).toContain('A payment card was removed: American Express ending in 0005.');
    expect(text).toContain('Time: January 2, 2026');
    expect(text).toContain('If you did not make this change');
    expect(paymentNotice('added', { brand: 'unknown', last4: '1111' }, 'de', now).text).toContain(
      'Karte mit Endziffern 1111',
    );
  });
});
