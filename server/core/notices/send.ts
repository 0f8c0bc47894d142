/**
 * Sends what the two-factor flows owe the player: the security notice after a
 * factor change (spec: every factor change is emailed to the account holder)
 * and verification codes by email or SMS, in the player's language — the
 * `language` the call carries (spec §9 server code, e.g. pt_BR), else the
 * portal's language cookie, else English.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { htmlLang, isLocale, LOCALE_COOKIE, type Locale } from '../../../src/i18n/locales';
import { localeOfLanguage } from '../reference/countries';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { emailProvider, smsProvider } from '../providers/index';
import { fill, NOTICE_TEXTS, type NoticeKey, type NoticeTexts } from './texts';

type Ctx = Context<AppEnv>;

export function noticeLocale(c: Ctx, language?: string): Locale {
  if (language !== undefined) return localeOfLanguage(language);
  const cookie = getCookie(c, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : 'en';
}

export function noticeTexts(locale: Locale): NoticeTexts {
  return NOTICE_TEXTS[locale];
}

/** `timeOffset`: minutes east of UTC from the client (spec §7 reset calls); UTC otherwise. */
export function formatNoticeTime(now: number, locale: Locale, timeOffset?: number): string {
  const offset = timeOffset ?? 0;
  const text = new Intl.DateTimeFormat(htmlLang(locale), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(now + offset * 60_000));
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const zone = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${text} (${zone})`;
}

/** The security changes a notice can report (keys of NoticeTexts), with their placeholder values. */
export type SecurityChange =
  | { key: 'totpEnabled' | 'totpDisabled' | 'smsDisabled' | 'primaryTotp' | 'primarySms' | 'backupCodes' }
  | { key: 'devicesReset' }
  | { key: 'smsEnabled'; phone: string }
  | { key: 'deviceAdded' | 'deviceRemoved'; name: string };

export interface NoticeOptions {
  language?: string;
  timeOffset?: number;
}

export function securityNotice(change: SecurityChange, locale: Locale, now: number, timeOffset?: number) {
  const t = noticeTexts(locale);
  const key: NoticeKey = change.key;
  const line = fill(
    t[key],
    'phone' in change ? { phone: change.phone } : 'name' in change ? { name: change.name } : {},
  );
  const text = [line, fill(t.when, { time: formatNoticeTime(now, locale, timeOffset) }), '', t.notYou].join('\n');
  return { subject: t.securitySubject, text };
}

/**
 * Emails the security notice. The change is already committed when this runs,
 * so a failed delivery is logged (never with the message) rather than turned
 * into an error for a change that did happen; the HTTP provider records the
 * failure in the outbox.
 */
export async function sendSecurityNotice(
  c: Ctx,
  to: string,
  change: SecurityChange,
  options: NoticeOptions = {},
): Promise<void> {
  const locale = noticeLocale(c, options.language);
  const { subject, text } = securityNotice(change, locale, c.var.clock.now(), options.timeOffset);
  try {
    await emailProvider(c).send({ to, subject, text });
  } catch (e) {
    console.error('Security notice not delivered', {
      change: change.key,
      error: e instanceof Error ? e.name : 'unknown',
    });
  }
}

/** Emails a verification code; a failure is an error (the player is waiting for the code). */
export async function sendCodeEmail(c: Ctx, to: string, code: string, ttlMs: number, language?: string) {
  const t = noticeTexts(noticeLocale(c, language));
  await emailProvider(c).send({
    to,
    subject: t.codeSubject,
    text: fill(t.codeBody, { code, minutes: Math.round(ttlMs / 60_000) }),
    code,
  });
}

/**
 * For a number that belongs to no account (self-service find email by phone): the send gate runs as for a real
 * text, with the same answers, and nothing is sent, so the look-up cannot be used to text any number typed.
 */
export async function withholdCodeSms(c: Ctx, to: string): Promise<void> {
  await smsProvider(c).withhold(to);
}

/** Texts a verification code. A provider refusal answers SMS_BLOCKED (use another number or method). */
export async function sendCodeSms(c: Ctx, to: string, code: string, ttlMs: number, language?: string) {
  const t = noticeTexts(noticeLocale(c, language));
  try {
    await smsProvider(c).send({ to, text: fill(t.smsCode, { code, minutes: Math.round(ttlMs / 60_000) }), code });
  } catch (e) {
    // The send gate's answers (a number outside the allow-list, a spent budget) reach the player as they are.
    if (e instanceof ApiError) throw e;
    console.error('Verification SMS not delivered', { error: e instanceof Error ? e.name : 'unknown' });
    throw new ApiError(502, 'SMS_BLOCKED', 'The SMS provider did not accept the message');
  }
}
