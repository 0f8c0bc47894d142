/**
 * Sends the parental-controls emails (./parental-texts.ts) to the parent.
 * A change notice goes after the change is committed: a failed delivery is
 * logged (never with the message), not turned into an error. The minor's
 * consent code is different: the child is waiting for it, so a failure is an
 * error.
 */
import type { Context } from 'hono';
import type { Locale } from '../../src/i18n/locales';
import type { AppEnv } from '../core/http/app-env';
import { emailProvider } from '../core/providers/index';
import { PARENTAL_NOTICE_TEXTS, type ParentalChange } from './notice-texts';
import { formatNoticeTime, noticeLocale, noticeTexts } from '../core/notices/send';
import { fill } from '../core/notices/texts';

type Ctx = Context<AppEnv>;

export function parentalNotice(
  change: ParentalChange,
  values: Readonly<Record<string, string>>,
  locale: Locale,
  now: number,
): { subject: string; text: string } {
  const t = PARENTAL_NOTICE_TEXTS[locale];
  const security = noticeTexts(locale);
  const text = [
    fill(t[change], values),
    fill(security.when, { time: formatNoticeTime(now, locale) }),
    '',
    security.notYou,
  ].join('\n');
  return { subject: t.subject, text };
}

export async function sendParentalNotice(
  c: Ctx,
  to: string,
  change: ParentalChange,
  values: Readonly<Record<string, string>> = {},
): Promise<void> {
  const { subject, text } = parentalNotice(change, values, noticeLocale(c), c.var.clock.now());
  try {
    await emailProvider(c).send({ to, subject, text });
  } catch (e) {
    console.error('Parental notice not delivered', { change, error: e instanceof Error ? e.name : 'unknown' });
  }
}

export function parentCodeMail(child: string, code: string, ttlMs: number, locale: Locale) {
  const t = PARENTAL_NOTICE_TEXTS[locale];
  return { subject: t.codeSubject, text: fill(t.codeBody, { child, code, minutes: Math.round(ttlMs / 60_000) }) };
}

/** Emails a minor's terms consent code to the parent (the outbox keeps `code` for the dev mailbox only). */
export async function sendParentCode(c: Ctx, to: string, child: string, code: string, ttlMs: number): Promise<void> {
  const { subject, text } = parentCodeMail(child, code, ttlMs, noticeLocale(c));
  await emailProvider(c).send({ to, subject, text, code });
}
