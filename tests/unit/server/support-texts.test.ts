/** The support-case emails: every locale has every text, with en's placeholders, and none left unfilled. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales';
import { SUPPORT_TEXTS } from '../../../server/support/notice-texts';
import { approvedEmail, mailboxEmail, receivedEmail, rejectedEmail } from '../../../server/support/case-mail';
import { SUPPORT_MAILBOX_SUBJECT, supportMailbox, SUPPORT_MAILBOXES } from '../../../server/support/mailbox';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('support case texts', () => {
  it.each(LOCALES)('%s has every text with the placeholders of en', (locale) => {
    const en = SUPPORT_TEXTS.en;
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const text = SUPPORT_TEXTS[locale][key];
      expect(text.trim(), `${locale}.${key}`).not.toBe('');
      expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(en[key]));
      if (locale !== 'en' && text.length > 12) expect(text, `${locale}.${key} is English`).not.toBe(en[key]);
    }
  });

  it.each(LOCALES)('%s emails leave no placeholder unfilled', (locale) => {
    const link = 'https://account.example/x';
    for (const m of [
      receivedEmail('a@example.test', 'LF-ABCD2345', locale),
      approvedEmail('a@example.test', 'LF-ABCD2345', link, 3_600_000, locale),
      rejectedEmail('a@example.test', 'LF-ABCD2345', link, locale),
    ]) {
      expect(`${m.subject}\n${m.text}`).not.toMatch(/\{\{/);
      expect(m.text).toContain('LF-ABCD2345');
    }
  });
});

describe('support mailbox', () => {
  it('uses spec §9’s subject and flags a case without an account', () => {
    const m = mailboxEmail('desk@example.test', {
      reference: 'LF-ABCD2345',
      accountId: null,
      accountEmail: null,
      accountInput: 'ghost@example.test',
      contactEmail: 'me@example.test',
      productIds: [50210],
      gameRegion: 'NA',
      orderId: null,
      purchaseDate: null,
      description: 'Lost it all.',
      locale: 'en',
      portalOrigin: 'https://account.example',
      ip: null,
      createdAt: 0,
    });
    expect(m.subject).toBe('Support - Email Required Account');
    expect(m.subject).toBe(SUPPORT_MAILBOX_SUBJECT);
    expect(m.text).toContain('NOT FOUND');
    expect(m.text).toContain('ghost@example.test');
  });

  it('is the region’s unless SUPPORT_MAILBOX names an address', () => {
    expect(supportMailbox('th', undefined)).toBe(SUPPORT_MAILBOXES.th);
    expect(supportMailbox('th', 'desk@example.test')).toBe('desk@example.test');
    expect(supportMailbox('th', 'not an address')).toBe(SUPPORT_MAILBOXES.th);
  });
});
