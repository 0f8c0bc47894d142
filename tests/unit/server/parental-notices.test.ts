/** The parental-controls emails (server/parental/notice-texts.ts) and the parent code's shape. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { PARENTAL_NOTICE_TEXTS } from '../../../server/parental/notice-texts';
import { parentalNotice, parentCodeMail } from '../../../server/parental/notices';
import { drawParentCode } from '../../../server/parental/parent-codes';
import { parentCode } from '../../../src/shared/contract/terms';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('parental notices', () => {
  it('every locale has every text, non-empty, translated, with the placeholders of English', () => {
    const en = PARENTAL_NOTICE_TEXTS.en;
    for (const locale of LOCALES) {
      const t = PARENTAL_NOTICE_TEXTS[locale];
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(t[key].trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(t[key]), `${locale}.${key}`).toEqual(placeholders(en[key]));
        if (locale !== 'en') expect(t[key], `${locale}.${key}`).not.toBe(en[key]);
      }
    }
  });

  it('names the change, the time and what to do if it was not you', () => {
    const now = Date.UTC(2026, 0, 2, 3, 4);
    const { subject, text } = parentalNotice('childDeactivated', { child: 'kid@example.test' }, 'en', now);
    expect(subject).toBe('Parental controls changed on your Lumenforge Account');
    expect(text).toContain('The child account kid@example.test was deactivated.');
    expect(text).toContain('Time: January 2, 2026');
    expect(text).toContain('If you did not make this change');
  });

  it("mails the parent the code with the child's email and its lifetime", () => {
    const { text } = parentCodeMail('kid@example.test', 'AB3DE7', 30 * 60_000, 'de');
    expect(text).toContain('AB3DE7');
    expect(text).toContain('kid@example.test');
    expect(text).toContain('30 Minuten');
  });
});

describe('parent codes', () => {
  it('are 6 upper-case letters and digits without look-alikes, and pass the contract', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const code = drawParentCode();
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      expect(parentCode.safeParse(code).success).toBe(true);
      seen.add(code);
    }
    expect(seen.size).toBeGreaterThan(490);
  });
});
