/**
 * Sends the emails of issue 12 part B (./account-lifecycle-texts.ts). A
 * notice that fails to send is logged and never undoes the change it reports
 * (the change is already committed, and the audit log holds it).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../core/http/app-env';
import { emailProvider } from '../core/providers/index';
import { LIFECYCLE_TEXTS, type LifecycleKey } from './lifecycle-notice-texts';
import { formatNoticeTime, noticeLocale, noticeTexts } from '../core/notices/send';
import { fill } from '../core/notices/texts';

type Ctx = Context<AppEnv>;

export interface LifecycleNotice {
  to: string;
  key: LifecycleKey;
  /** The server language code the player's screen sent (es_419…); the locale cookie otherwise. */
  language?: string;
  values?: Readonly<Record<string, string>>;
}

export async function sendLifecycleNotice(c: Ctx, notice: LifecycleNotice): Promise<void> {
  const locale = noticeLocale(c, notice.language);
  const t = noticeTexts(locale);
  const own = LIFECYCLE_TEXTS[locale];
  const deletion = notice.key.startsWith('deletion') || notice.key === 'deleted';
  const text = [
    fill(own[notice.key], notice.values ?? {}),
    fill(t.when, { time: formatNoticeTime(c.var.clock.now(), locale) }),
    // The final notice of a deleted account has nobody left to protect.
    ...(notice.key === 'deleted' ? [] : ['', t.notYou]),
  ].join('\n');
  try {
    await emailProvider(c).send({ to: notice.to, subject: deletion ? own.deletionSubject : t.securitySubject, text });
  } catch (e) {
    console.error('Account notice not delivered', { key: notice.key, error: e instanceof Error ? e.name : 'unknown' });
  }
}
