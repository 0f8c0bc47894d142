/**
 * Sends the emails of issue 18 (texts in ./passkey-texts): the notice after a
 * passkey change (always: every factor change is emailed), and the security
 * alerts (a sign-in from a new device, failed second steps) with their "this
 * wasn't me" link — only when the player has not turned the alerts off. The
 * change or sign-in is already committed when these run, so a failed
 * delivery is logged (without the message), not turned into an error.
 */
import type { Context } from 'hono';
import { buildPath } from '../../../src/routes/registry';
import { localePath } from '../../../src/routes/paths';
import type { Locale } from '../../../src/i18n/locales';
import { countryName, visitorCountry } from '../reference/countries';
import { describeUserAgent } from '../reference/devices';
import type { AccountRow } from '../data/rows';
import { settingsOf } from '../env';
import type { AppEnv } from '../http/app-env';
import { emailProvider } from '../providers/index';
import { formatNoticeTime, noticeLocale, noticeTexts } from './send';
import { PASSKEY_TEXTS } from './security-notice-texts';
import { deviceWords, fill } from './texts';

type Ctx = Context<AppEnv>;

async function deliver(c: Ctx, message: { to: string; subject: string; text: string }, kind: string) {
  try {
    await emailProvider(c).send(message);
  } catch (e) {
    console.error('Security email not delivered', { kind, error: e instanceof Error ? e.name : 'unknown' });
  }
}

/** The notice after a passkey was added or removed, with its name and the time. */
export async function sendPasskeyNotice(
  c: Ctx,
  to: string,
  key: 'passkeyAdded' | 'passkeyRemoved',
  name: string,
  timeOffset?: number,
): Promise<void> {
  const locale = noticeLocale(c);
  const t = noticeTexts(locale);
  const text = [
    fill(PASSKEY_TEXTS[locale][key], { name }),
    fill(t.when, { time: formatNoticeTime(c.var.clock.now(), locale, timeOffset) }),
    '',
    t.notYou,
  ].join('\n');
  await deliver(c, { to, subject: t.securitySubject, text }, key);
}

/** The portal's origin for the link: the caller's Origin (the CSRF guard allowed it), else the API's own. */
function portalOrigin(c: Ctx): string {
  return c.req.header('Origin') ?? new URL(c.req.url).origin;
}

/** The "this wasn't me" page for a link token, in the player's language. */
export function notMeLink(c: Ctx, locale: Locale, token: string): string {
  const url = new URL(localePath(locale, buildPath('not-me')), portalOrigin(c));
  url.searchParams.set('token', token);
  return url.href;
}

export type AlertKind = { kind: 'new-device' } | { kind: 'failed-second-step'; count: number };

/**
 * An alert: what happened, the device and browser (from the User-Agent, as
 * the request claims it), the approximate location (the request's country),
 * the time, and the "this wasn't me" link.
 */
export async function sendSecurityAlert(c: Ctx, account: AccountRow, alert: AlertKind, token: string) {
  const locale = noticeLocale(c);
  const t = PASSKEY_TEXTS[locale];
  const notice = noticeTexts(locale);
  const { browser, os } = describeUserAgent(c.req.header('User-Agent'));
  const device = deviceWords(notice, browser, os);
  const country = visitorCountry(c.req.raw, settingsOf(c.env).devTools);
  const link = notMeLink(c, locale, token);
  const text = [
    alert.kind === 'new-device' ? t.newDevice : fill(t.failed, { count: alert.count }),
    '',
    fill(t.device, { device }),
    fill(t.location, { country: country === null ? t.unknown : countryName(country, locale) }),
    fill(notice.when, { time: formatNoticeTime(c.var.clock.now(), locale) }),
    '',
    fill(t.notMe, { link }),
    '',
    t.ifYou,
  ].join('\n');
  const subject = alert.kind === 'new-device' ? t.newDeviceSubject : t.failedSubject;
  // The link stays in the text only: the dev mailbox's `link` field is what other flows' tests wait for.
  await deliver(c, { to: account.email, subject, text }, alert.kind);
}

/** The confirmation after "this wasn't me" secured the account. */
export async function sendSecuredNotice(c: Ctx, to: string): Promise<void> {
  const locale = noticeLocale(c);
  const t = PASSKEY_TEXTS[locale];
  const text = [t.secured, fill(noticeTexts(locale).when, { time: formatNoticeTime(c.var.clock.now(), locale) })].join(
    '\n',
  );
  await deliver(c, { to, subject: t.securedSubject, text }, 'secured');
}
