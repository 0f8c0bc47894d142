/**
 * Sends what communication changes owe the player: an email after each change
 * (with the time and the "not you?" line of the security notices), the
 * newsletter confirmation with its RFC 8058 unsubscribe headers, and the SMS
 * opt-in texts. Emails after a committed change log a failed delivery rather
 * than fail the change; the opt-in question is an error when it cannot be sent
 * (the player waits for it).
 */
import type { Context } from 'hono';
import { localePath } from '../../src/routes/paths';
import { buildPath } from '../../src/routes/registry';
import { SERVER_BASES } from '../../src/shared/contract/endpoint';
import type { Locale } from '../../src/i18n/locales';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { emailProvider, smsProvider } from '../core/providers/index';
import { signOptOut, type OptOut } from '../core/security/opt-out-token';
import { COMMUNICATION_TEXTS, type CommunicationTexts } from './communication-notice-texts';
import { formatNoticeTime, noticeTexts } from '../core/notices/send';
import { fill } from '../core/notices/texts';

type Ctx = Context<AppEnv>;

export type CommunicationLine = Exclude<
  keyof CommunicationTexts,
  'subject' | 'unsubscribeLine' | 'signupNewsletter' | 'smsAsk' | 'smsConfirmed' | 'smsStopped' | 'smsHelp'
>;

/** Path of the RFC 8058 one-click endpoint (a POST the mail client sends; server/settings/communication-routes.ts). */
export const ONE_CLICK_PATH = `${SERVER_BASES.accountSetting}/no-auth/newsletter/one-click`;

/** The portal's origin for links: the caller's Origin (the CSRF guard allowed it), else the first public origin. */
export function portalOrigin(c: Ctx): string {
  const origin = c.req.header('Origin');
  const allowed = settingsOf(c.env).allowedOrigins;
  if (origin !== undefined && allowed.includes(origin)) return origin;
  return allowed[0] ?? new URL(c.req.url).origin;
}

/** The unsubscribe page (newsletter/opt-out, or pre-signup/newsletter/opt-out for `all`) and the one-click URL. */
export async function optOutLinks(
  c: Ctx,
  o: OptOut,
  locale: Locale,
  page: 'newsletter-opt-out' | 'pre-signup-newsletter-opt-out',
) {
  const token = await signOptOut(settingsOf(c.env).newsletterLinkKey, o);
  const origin = portalOrigin(c);
  const pageUrl = new URL(localePath(locale, buildPath(page)), origin);
  pageUrl.searchParams.set('token', token);
  const oneClick = new URL(ONE_CLICK_PATH, origin);
  oneClick.searchParams.set('token', token);
  return { page: pageUrl.href, oneClick: oneClick.href };
}

/** RFC 8058: the HTTPS URI the mail client POSTs `List-Unsubscribe=One-Click` to, without the player signing in. */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function body(locale: Locale, now: number, lines: string[]): string {
  const notice = noticeTexts(locale);
  return [...lines, fill(notice.when, { time: formatNoticeTime(now, locale) }), '', notice.notYou].join('\n');
}

/** The email after a change: one line of what changed. */
export async function sendCommunicationNotice(
  c: Ctx,
  to: string,
  locale: Locale,
  line: CommunicationLine,
  values: Record<string, string> = {},
): Promise<void> {
  const t = COMMUNICATION_TEXTS[locale];
  try {
    await emailProvider(c).send({
      to,
      subject: t.subject,
      text: body(locale, c.var.clock.now(), [fill(t[line], values)]),
    });
  } catch (e) {
    console.error('Communication notice not delivered', { line, error: e instanceof Error ? e.name : 'unknown' });
  }
}

/**
 * The confirmation of a newsletter subscription: newsletter mail, so it carries the list's unsubscribe link and
 * the RFC 8058 headers.
 */
export async function sendNewsletterWelcome(
  c: Ctx,
  to: string,
  locale: Locale,
  list: { id: number; name: string },
): Promise<void> {
  const t = COMMUNICATION_TEXTS[locale];
  const links = await optOutLinks(c, { kind: 'list', address: to, productId: list.id }, locale, 'newsletter-opt-out');
  const lines = [fill(t.newsletterOn, { list: list.name }), '', fill(t.unsubscribeLine, { link: links.page }), ''];
  try {
    await emailProvider(c).send({
      to,
      subject: t.subject,
      text: body(locale, c.var.clock.now(), lines),
      link: links.page,
      headers: listUnsubscribeHeaders(links.oneClick),
    });
  } catch (e) {
    console.error('Newsletter confirmation not delivered', { error: e instanceof Error ? e.name : 'unknown' });
  }
}

/**
 * The sign-up newsletter box, confirmed when the address is proven (issue 12): newsletter mail whose link and
 * RFC 8058 headers stop every newsletter of the address (pre-signup/newsletter/opt-out).
 */
export async function sendSignupNewsletterWelcome(c: Ctx, to: string, locale: Locale): Promise<void> {
  const t = COMMUNICATION_TEXTS[locale];
  const links = await optOutLinks(c, { kind: 'all', address: to }, locale, 'pre-signup-newsletter-opt-out');
  const lines = [t.signupNewsletter, '', fill(t.unsubscribeLine, { link: links.page }), ''];
  try {
    await emailProvider(c).send({
      to,
      subject: t.subject,
      text: body(locale, c.var.clock.now(), lines),
      link: links.page,
      headers: listUnsubscribeHeaders(links.oneClick),
    });
  } catch (e) {
    console.error('Sign-up newsletter confirmation not delivered', { error: e instanceof Error ? e.name : 'unknown' });
  }
}

export type SmsText = 'smsAsk' | 'smsConfirmed' | 'smsStopped' | 'smsHelp';

/** A text to the number; `required` turns a refused delivery into SMS_BLOCKED (the player waits for it). */
export async function sendOptInSms(c: Ctx, to: string, locale: Locale, text: SmsText, required: boolean) {
  try {
    await smsProvider(c).send({ to, text: COMMUNICATION_TEXTS[locale][text] });
  } catch (e) {
    console.error('Opt-in SMS not delivered', { text, error: e instanceof Error ? e.name : 'unknown' });
    if (required) throw new ApiError(502, 'SMS_BLOCKED', 'The SMS provider did not accept the message');
  }
}
