/** The emailed notice after a provider was linked or unlinked (like the other settings-change notices). */
import type { Context } from 'hono';
import type { AppEnv } from '../core/http/app-env';
import { emailProvider } from '../core/providers/index';
import { formatNoticeTime, noticeLocale, noticeTexts } from '../core/notices/send';
import { SOCIAL_TEXTS } from './notice-texts';
import { fill } from '../core/notices/texts';

/** Shown in the notice: the providers' brand names. */
export const PROVIDER_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  google: 'Google',
  apple: 'Apple',
  twitch: 'Twitch',
  discord: 'Discord',
  twitter: 'X (Twitter)',
  line: 'LINE',
  kakao: 'Kakao',
  steam: 'Steam',
};

/** The change is committed when this runs: a failed delivery is logged, never turned into an error. */
export async function sendSocialNotice(
  c: Context<AppEnv>,
  to: string,
  key: 'linked' | 'unlinked',
  provider: string,
): Promise<void> {
  const locale = noticeLocale(c);
  const t = noticeTexts(locale);
  const text = [
    fill(SOCIAL_TEXTS[locale][key], { provider: PROVIDER_NAMES[provider] ?? provider }),
    fill(t.when, { time: formatNoticeTime(c.var.clock.now(), locale) }),
    '',
    t.notYou,
  ].join('\n');
  try {
    await emailProvider(c).send({ to, subject: t.securitySubject, text });
  } catch (e) {
    console.error('Social notice not delivered', { key, error: e instanceof Error ? e.name : 'unknown' });
  }
}
