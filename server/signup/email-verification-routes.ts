/**
 * Email verification by link (spec §4 "Account verification", §9: valid 24
 * hours; a fresh link can be requested). The email points at the portal's
 * verify-email page (`/account/{locale}/verify-email?token=…`), whose island
 * calls verifyEmailLink. Calls:
 *
 * - POST /id/request-verify-email (signed in): sends a fresh link;
 * - POST /no-auth/email/verify {token}: uses the link;
 * - POST /no-auth/email/verify/resend {token, language}: a fresh link for
 *   the account an expired or replaced link belonged to.
 */
import type { Context, Hono } from 'hono';
import { localePath } from '../../src/routes/paths';
import { buildPath } from '../../src/routes/registry';
import { requestVerifyEmail } from '../../src/shared/contract/settings';
import { resendVerifyEmailLink, verifyEmailLink } from '../../src/shared/contract/signup-email';
import { localeOfLanguage } from '../core/reference/countries';
import { findAccountById } from '../core/data/accounts';
import { createEmailLink, findEmailLink, useEmailLink, type EmailLink } from './email-links-data';
import { hasEmailSubscriptionRows } from '../settings/newsletters-data';
import { verifyLinkEmail } from '../signin/emails';
import type { Locale } from '../../src/i18n/locales';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendSignupNewsletterWelcome } from '../settings/communication-notices';
import { noticeLocale } from '../core/notices/send';
import { emailProvider } from '../core/providers/index';
import { hit } from '../core/security/rate-limit';
import { clientIp } from '../core/http/client-ip';
import { VERIFY_LINK_SENDS } from '../core/security/signin-limits';

type Ctx = Context<AppEnv>;

/** The portal's origin for links: the caller's Origin (the CSRF guard allowed it), else the API's own. */
function portalOrigin(c: Ctx): string {
  return c.req.header('Origin') ?? new URL(c.req.url).origin;
}

/** The sign-in page in the player's language, for emails that send the reader there. */
export function signInLink(c: Ctx, locale: Locale): string {
  return new URL(localePath(locale, buildPath('login')), portalOrigin(c)).href;
}

/**
 * Emails a new verification link for the account's current address (the
 * previous link stops working). At most 5 an hour per account (20157).
 */
export async function sendVerificationLink(c: Ctx, accountId: number, email: string, language: string) {
  const now = c.var.clock.now();
  await hit(c.var.db, now, VERIFY_LINK_SENDS, String(accountId));
  const token = await createEmailLink(c.var.db, accountId, email, now);
  const locale = localeOfLanguage(language);
  const url = new URL(localePath(locale, buildPath('verify-email')), portalOrigin(c));
  url.searchParams.set('token', token);
  await emailProvider(c).send(verifyLinkEmail(email, url.href, locale));
}

const unknownLink = () => new ApiError(400, '20068', 'Unknown or replaced verification link');

/** A link whose address is no longer the account's (the email changed since) is as good as unknown. */
async function linkAccount(c: Ctx, link: EmailLink) {
  const account = await findAccountById(c.var.db, link.accountId);
  if (!account || account.email.toLowerCase() !== link.email.toLowerCase()) throw unknownLink();
  return account;
}

export function emailVerificationRoutes(app: Hono<AppEnv>): void {
  mount(app, requestVerifyEmail, async (c, { body, account }) => {
    // Already verified: there is nothing to send.
    if (!account.email_verified) await sendVerificationLink(c, account.id, account.email, body.language);
    return {};
  });

  mount(app, verifyEmailLink, async (c, { body }) => {
    const now = c.var.clock.now();
    const link = await findEmailLink(c.var.db, body.token);
    if (!link || link.superseded) throw unknownLink();
    const account = await linkAccount(c, link);
    if (link.consumedAt !== null) {
      // Used before: say so when that use verified the address, which is still the account's.
      if (account.email_verified) return { email: account.email, alreadyVerified: true };
      throw unknownLink();
    }
    if (link.expiresAt <= now) throw new ApiError(410, '20018', 'The verification link expired');
    if (!(await useEmailLink(c.var.db, link, now, clientIp(c)))) {
      // A parallel request used it a moment ago.
      const fresh = await findAccountById(c.var.db, link.accountId);
      if (fresh?.email_verified) return { email: fresh.email, alreadyVerified: true };
      throw unknownLink();
    }
    // The sign-up newsletter box becomes mail once the address is proven (docs/settings.md "Newsletters").
    if (account.enable_mail && !(await hasEmailSubscriptionRows(c.var.db, account.id)))
      await sendSignupNewsletterWelcome(c, account.email, noticeLocale(c));
    return { email: account.email, alreadyVerified: false };
  });

  mount(app, resendVerifyEmailLink, async (c, { body }) => {
    const link = await findEmailLink(c.var.db, body.token);
    if (!link) throw unknownLink();
    const account = await linkAccount(c, link);
    if (account.email_verified) return { alreadyVerified: true };
    await sendVerificationLink(c, account.id, account.email, body.language);
    return { alreadyVerified: false };
  });
}
