/**
 * The emails of a case: to the player in their language (support-texts.ts),
 * and the case itself to the support mailbox, in English, with every detail
 * the agent decides on and the flag for an account that was not found.
 */
import { isLocale, type Locale } from '../../src/i18n/locales';
import { localePath } from '../../src/routes/paths';
import { buildPath } from '../../src/routes/registry';
import type { EmailMessage } from '../core/providers/email';
import { fill } from '../core/notices/texts';
import { SUPPORT_TEXTS } from './notice-texts';
import type { NewCase } from './cases-data';
import { SUPPORT_MAILBOX_SUBJECT } from './mailbox';

export function caseLocale(value: string): Locale {
  return isLocale(value) ? value : 'en';
}

/** A portal link for a case's emails: the case's own portal origin, its player's locale. */
export function portalLink(
  origin: string,
  locale: Locale,
  route: 'self-verify-rejected' | 'self-reset-password',
  query: Record<string, string>,
) {
  const url = new URL(localePath(locale, buildPath(route)), origin);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.href;
}

export function receivedEmail(to: string, reference: string, locale: Locale): EmailMessage {
  const t = SUPPORT_TEXTS[locale];
  return { to, subject: fill(t.receivedSubject, { reference }), text: fill(t.receivedBody, { reference }) };
}

export function approvedEmail(to: string, reference: string, link: string, ttlMs: number, locale: Locale) {
  const t = SUPPORT_TEXTS[locale];
  const minutes = Math.round(ttlMs / 60_000);
  return {
    to,
    subject: fill(t.approvedSubject, { reference }),
    text: fill(t.approvedBody, { reference, link, minutes }),
    link,
  } satisfies EmailMessage;
}

export function rejectedEmail(to: string, reference: string, link: string, locale: Locale): EmailMessage {
  const t = SUPPORT_TEXTS[locale];
  return { to, subject: fill(t.rejectedSubject, { reference }), text: fill(t.rejectedBody, { reference, link }), link };
}

export function accountNoticeEmail(to: string, reference: string, locale: Locale): EmailMessage {
  const t = SUPPORT_TEXTS[locale];
  return { to, subject: t.accountNoticeSubject, text: fill(t.accountNoticeBody, { reference }) };
}

/** The case for the support mailbox, under spec §9's exact subject (the reference opens the text). */
export function mailboxEmail(
  to: string,
  c: NewCase & { accountEmail: string | null; createdAt: number },
): EmailMessage {
  const lines = [
    `Reference: ${c.reference}`,
    c.accountId === null
      ? `Account: NOT FOUND - nothing matches "${c.accountInput}". The player was told the same as for any case; reject it unless the details identify an account.`
      : `Account: ${String(c.accountId)} (${c.accountEmail ?? 'email unknown'}), entered as "${c.accountInput}"`,
    `Contact email: ${c.contactEmail}`,
    `Games (productID): ${c.productIds.join(', ') || 'none given'}`,
    `Game region: ${c.gameRegion ?? '-'}`,
    `Order ID: ${c.orderId ?? '-'}`,
    `Purchase date: ${c.purchaseDate ?? '-'}`,
    `Language: ${c.locale}`,
    `Submitted: ${new Date(c.createdAt).toISOString()} from IP ${c.ip ?? 'unknown'}`,
    '',
    'Description:',
    c.description,
    '',
    `Decide with: npm run support:cases -- approve ${c.reference}   (or: reject ${c.reference})`,
  ];
  return { to, subject: SUPPORT_MAILBOX_SUBJECT, text: lines.join('\n') };
}
