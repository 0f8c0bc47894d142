/**
 * communication-preference, the newsletter opt-out links and SMS opt-in
 * (spec §2, §3, §4 "SMS opt-in", §5, §9; issue 12). Rules enforced here:
 *   - only the region's lists (§9); subscribing needs a verified email (20038);
 *   - 59794 depends on news and special offers (59749): subscribing to it
 *     subscribes 59749 too, leaving 59749 leaves 59794 as well;
 *   - SMS opt-in needs the account's verified phone (20135 need-sms-verification
 *     without one, which sends the portal to verify-phone), a US or Canada
 *     number and a subscriber aged 13 or over (20038 otherwise); it stays
 *     pending until the reply YES reaches the inbound-SMS webhook;
 *   - the webhook is signed (SMS_WEBHOOK_SECRET), fresh (5 minutes) and never
 *     replayed (message id); STOP and its synonyms end every subscription of
 *     the number, as carriers require;
 *   - unsubscribe links are signed (NEWSLETTER_LINK_KEY) and work without a
 *     login, from the page or as the RFC 8058 one-click POST.
 * Each change is one batch with its audit entry, then emailed.
 */
import type { Context, Hono } from 'hono';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Locale } from '../../src/i18n/locales';
import {
  getCommunication,
  getOptOut,
  inboundSms,
  optOut,
  smsOptIn,
  smsOptOut,
  subscribeNewsletter,
  unsubscribeNewsletter,
  type CommunicationResponse,
  type SmsEligibility,
  type SmsOptInState,
} from '../../src/shared/contract/communication';
import { NEED_SMS_VERIFICATION_MESSAGE } from '../../src/shared/errors/payloads';
import { findAccountById } from '../core/data/accounts';
import { auditStatement } from '../core/data/audit';
import type { Db } from '../core/db/engine';
import {
  accountByEmail,
  emailOf,
  emailSubscriptions,
  listsLeft,
  optOutStatements,
  pruneInboundStatement,
  recordInboundStatement,
  signupLanguage,
  smsConfirmStatement,
  smsPendingStatement,
  smsReplyAuditStatement,
  smsStopStatement,
  smsSubscription,
  subscribeStatements,
  unsubscribeStatements,
} from './newsletters-data';
import type { AccountRow } from '../core/data/rows';
import { localeOfLanguage } from '../core/reference/countries';
import { newsletterName, regionNewsletters } from './newsletter-lists';
import { maskPhone } from '../core/reference/phone-numbers';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput, FORBIDDEN_REQUEST } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { NEWSLETTER_NAMES } from './communication-notice-texts';
import {
  ONE_CLICK_PATH,
  sendCommunicationNotice,
  sendNewsletterWelcome,
  sendOptInSms,
  type SmsText,
} from './communication-notices';
import { readOptOut, type OptOut } from '../core/security/opt-out-token';
import { hit } from '../core/security/rate-limit';
import { checkSmsSignature, SMS_SIGNATURE_HEADER } from '../core/security/sms-signature';
import { clientIp } from '../core/http/client-ip';
import { SMS_PER_ACCOUNT_LIMIT, SMS_PER_NUMBER_LIMIT } from '../mfa/sms-routes';

type Ctx = Context<AppEnv>;

/** Spec §5: SMS sign-up is for US and Canada numbers. */
const SMS_COUNTRIES = new Set(['US', 'CA']);
/** Spec §5: and subscribers aged 13 or over. */
const SMS_MIN_AGE_YEARS = 13;

/** CTIA keywords: these end every subscription of the number; these confirm a pending one; these ask for help. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const YES_WORDS = new Set(['YES', 'Y', 'START', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

/**
 * Age from the birth month and year the account holds (no day): counted from the end of the birth month, so a
 * player is 13 only once the month of the 13th birthday is over — never early.
 */
export function isAtLeast(years: number, birthYear: number, birthMonth: number, now: number): boolean {
  const d = new Date(now);
  const months = (d.getUTCFullYear() - birthYear) * 12 + (d.getUTCMonth() + 1 - birthMonth);
  return months > years * 12;
}

function verifiedPhone(account: AccountRow): string | null {
  return account.phone_verified_at !== null ? account.phone_no : null;
}

function smsEligibility(account: AccountRow, now: number): SmsEligibility {
  const phone = verifiedPhone(account);
  if (phone === null) return 'no-phone';
  const country = parsePhoneNumberFromString(phone)?.country;
  if (country === undefined || !SMS_COUNTRIES.has(country)) return 'country';
  if (account.birth_year === null || account.birth_month === null) return 'age';
  return isAtLeast(SMS_MIN_AGE_YEARS, account.birth_year, account.birth_month, now) ? 'eligible' : 'age';
}

async function smsState(c: Ctx, account: AccountRow): Promise<SmsOptInState> {
  const phone = verifiedPhone(account);
  const status = await smsSubscription(c.var.db, account.id, phone);
  return {
    status: status === 'pending' || status === 'subscribed' ? status : 'none',
    eligibility: smsEligibility(account, c.var.clock.now()),
    phoneNo: phone === null ? null : maskPhone(phone),
  };
}

async function communication(c: Ctx, account: AccountRow, locale: Locale): Promise<CommunicationResponse> {
  const on = await emailSubscriptions(c.var.db, account.id, account.enable_mail);
  const lists = regionNewsletters(settingsOf(c.env).region.newsletterProductIds, locale);
  return { newsletters: lists.map((l) => ({ ...l, subscribed: on.has(l.id) })), sms: await smsState(c, account) };
}

/** The account as the change left it. */
async function freshAccount(c: Ctx, account: AccountRow): Promise<AccountRow> {
  return (await findAccountById(c.var.db, account.id)) ?? account;
}

function assertRegionList(c: Ctx, productId: number): void {
  if (!settingsOf(c.env).region.newsletterProductIds.includes(productId))
    throw badInput(`Newsletter ${String(productId)} is not offered in this region`);
}

function audit(c: Ctx, accountId: number | null, event: string, detail?: Record<string, string | number | boolean>) {
  return auditStatement(
    c.var.db,
    { accountId, event, ip: clientIp(c), ...(detail ? { detail } : {}) },
    c.var.clock.now(),
  );
}

/** The language of an account's emails when the request has none (a webhook): its sign-up language, else en. */
async function accountLocale(db: Db, accountId: number): Promise<Locale> {
  return localeOfLanguage(await signupLanguage(db, accountId));
}

/** `pl***@example.com`: enough for the owner to recognise the address, not enough to harvest it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address.slice(0, Math.min(2, at))}***${address.slice(at)}`;
}

const ALL_LISTS = Object.keys(NEWSLETTER_NAMES).map(Number);

async function readLink(c: Ctx, token: string): Promise<OptOut> {
  const o = await readOptOut(settingsOf(c.env).newsletterLinkKey, token);
  if (o === null) throw badInput('Unsubscribe link not valid');
  return o;
}

/** Applies a signed link's opt-out: one batch, audited; the account holding the address (if any) is emailed. */
async function applyOptOut(c: Ctx, o: OptOut, via: 'page' | 'one-click'): Promise<void> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const account = await accountByEmail(db, o.address);
  const lists = o.kind === 'list' ? listsLeft(o.productId) : ALL_LISTS;
  const before = account ? await emailSubscriptions(db, account.id, account.enable_mail === 1) : new Set<number>();
  await db.batch([
    ...optOutStatements(db, account?.id ?? null, o.address, lists, now),
    audit(c, account?.id ?? null, 'newsletter.opted-out', { kind: o.kind, via, lists: lists.join(',') }),
  ]);
  const left = lists.filter((id) => before.has(id));
  if (account && left.length > 0) {
    const locale = await accountLocale(db, account.id);
    const names = left.map((id) => newsletterName(id, locale)).join(', ');
    await sendCommunicationNotice(c, o.address, locale, 'newsletterOff', { list: names });
  }
}

export function communicationRoutes(app: Hono<AppEnv>): void {
  mount(app, getCommunication, async (c, { query, account }) => {
    return communication(c, account, localeOfLanguage(query.language));
  });

  mount(app, subscribeNewsletter, async (c, { body, account }) => {
    assertRegionList(c, body.productId);
    // Spec §4, §6: changing settings needs a verified email; mail to an unproven address would be spam.
    if (!account.email_verified) throw new ApiError(403, '20038', 'Email address not verified');
    const db = c.var.db;
    const now = c.var.clock.now();
    const locale = localeOfLanguage(body.language);
    const before = await emailSubscriptions(db, account.id, account.enable_mail);
    const { statements, lists } = subscribeStatements(db, account.id, account.email, body.productId, now);
    await db.batch([...statements, audit(c, account.id, 'newsletter.subscribed', { lists: lists.join(',') })]);
    for (const id of lists.filter((l) => !before.has(l)))
      await sendNewsletterWelcome(c, account.email, locale, { id, name: newsletterName(id, locale) });
    return communication(c, await freshAccount(c, account), locale);
  });

  mount(app, unsubscribeNewsletter, async (c, { body, account }) => {
    assertRegionList(c, body.productId);
    const db = c.var.db;
    const now = c.var.clock.now();
    const locale = localeOfLanguage(body.language);
    const before = await emailSubscriptions(db, account.id, account.enable_mail);
    const lists = listsLeft(body.productId);
    await db.batch([
      ...unsubscribeStatements(db, account.id, account.email, body.productId, now),
      audit(c, account.id, 'newsletter.unsubscribed', { lists: lists.join(',') }),
    ]);
    const left = lists.filter((id) => before.has(id));
    if (left.length > 0) {
      const names = left.map((id) => newsletterName(id, locale)).join(', ');
      await sendCommunicationNotice(c, account.email, locale, 'newsletterOff', { list: names });
    }
    return communication(c, await freshAccount(c, account), locale);
  });

  mount(app, smsOptIn, async (c, { body, account }) => {
    const phone = verifiedPhone(account);
    if (phone === null) throw new ApiError(400, '20135', NEED_SMS_VERIFICATION_MESSAGE);
    const eligibility = smsEligibility(account, c.var.clock.now());
    if (eligibility !== 'eligible') throw new ApiError(403, '20038', `SMS opt-in refused (${eligibility})`);
    const state = await smsState(c, account);
    if (state.status === 'subscribed') return state;
    const db = c.var.db;
    const now = c.var.clock.now();
    const locale = localeOfLanguage(body.language);
    await hit(c.var.db, now, SMS_PER_NUMBER_LIMIT, phone);
    await hit(c.var.db, now, SMS_PER_ACCOUNT_LIMIT, String(account.id));
    await db.batch([
      smsPendingStatement(db, account.id, phone, now),
      audit(c, account.id, 'newsletter.sms.pending', { phone: maskPhone(phone) }),
    ]);
    await sendOptInSms(c, phone, locale, 'smsAsk', true);
    await sendCommunicationNotice(c, account.email, locale, 'smsPending', { phone: maskPhone(phone) });
    return { ...state, status: 'pending' as const };
  });

  mount(app, smsOptOut, async (c, { body, account }) => {
    const phone = verifiedPhone(account);
    if (phone === null) return smsState(c, account);
    const db = c.var.db;
    const now = c.var.clock.now();
    const locale = localeOfLanguage(body.language);
    const [stopped] = await db.batch([
      smsStopStatement(db, phone, now, account.id),
      audit(c, account.id, 'newsletter.sms.stopped', { phone: maskPhone(phone), via: 'settings' }),
    ]);
    if (stopped.rows.length > 0) {
      await sendOptInSms(c, phone, locale, 'smsStopped', false);
      await sendCommunicationNotice(c, account.email, locale, 'smsOff', { phone: maskPhone(phone) });
    }
    return smsState(c, account);
  });

  mount(app, getOptOut, async (c, { query }) => {
    const o = await readLink(c, query.token);
    const list = o.kind === 'list' ? o.productId : null;
    const name = list === null ? null : newsletterName(list, localeOfLanguage(query.language));
    return { email: maskEmail(o.address), kind: o.kind, productId: list, name };
  });

  mount(app, optOut, async (c, { body }) => {
    await applyOptOut(c, await readLink(c, body.token), 'page');
    return {};
  });

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form to the List-Unsubscribe URI. No cookie,
  // Origin or JSON: the signed token in the URI is the authorisation (server/core/http/csrf-exempt.ts).
  app.post(ONE_CLICK_PATH, async (c) => {
    const token = c.req.query('token');
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data')
      throw new ApiError(415, '20022', 'RFC 8058 one-click expects a form body');
    const form = await c.req.parseBody();
    if (form['List-Unsubscribe'] !== 'One-Click') throw badInput('Body must be List-Unsubscribe=One-Click');
    if (token === undefined || token.length > 512) throw badInput('Unsubscribe link not valid');
    await applyOptOut(c, await readLink(c, token), 'one-click');
    return c.json({});
  });

  mount(app, inboundSms, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const signature = await checkSmsSignature(
      settingsOf(c.env).smsWebhookSecret,
      c.req.header(SMS_SIGNATURE_HEADER),
      await c.req.text(),
      now,
    );
    if (signature !== 'ok') throw new ApiError(401, FORBIDDEN_REQUEST, `Webhook signature ${signature}`);
    const word = body.text.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
    const keyword = STOP_WORDS.has(word)
      ? 'STOP'
      : YES_WORDS.has(word)
        ? 'YES'
        : HELP_WORDS.has(word)
          ? 'HELP'
          : 'OTHER';
    // The message id is taken once: a replayed delivery (same id, still inside the signature window) changes nothing.
    const [recorded] = await db.batch([
      recordInboundStatement(db, body.messageId, body.from, keyword, now),
      pruneInboundStatement(db, now),
    ]);
    if (recorded.rows.length === 0) throw new ApiError(409, FORBIDDEN_REQUEST, 'Message already delivered');
    if (keyword === 'OTHER') return {};
    if (keyword === 'HELP') {
      await sendOptInSms(c, body.from, 'en', 'smsHelp', false);
      return {};
    }
    const stop = keyword === 'STOP';
    const event = stop ? 'newsletter.sms.stopped' : 'newsletter.sms.subscribed';
    // The audit rows are written first, from the rows the change is about to touch, in the same transaction.
    const detail = JSON.stringify({ phone: maskPhone(body.from), via: 'sms-reply' });
    const [, changed] = await db.batch([
      smsReplyAuditStatement(db, body.from, stop, event, detail, now),
      stop ? smsStopStatement(db, body.from, now) : smsConfirmStatement(db, body.from, now),
    ]);
    const accounts = [...new Set(changed.rows.map((r) => r.account_id))];
    // Carriers require an answer to STOP even when nothing was subscribed; YES is answered when it confirmed something.
    const reply: SmsText | null = stop ? 'smsStopped' : accounts.length > 0 ? 'smsConfirmed' : null;
    if (reply !== null) await sendOptInSms(c, body.from, 'en', reply, false);
    for (const id of accounts) {
      if (id === null) continue;
      const email = await emailOf(db, id);
      if (email === undefined) continue;
      const locale = await accountLocale(db, id);
      await sendCommunicationNotice(c, email, locale, stop ? 'smsOff' : 'smsOn', { phone: maskPhone(body.from) });
    }
    return {};
  });
}
