/**
 * Third-party sign-in (spec §7 tpa calls, docs/social.md): the start navigation and Apple's form_post
 * bounce, tpa-session-cookie, login/tpa, the session email and the social-link proofs. Sign-in after
 * the identity is proven goes through the password login's pipeline (security/sign-in.ts), so the
 * §4 steps (second factor, terms, healup) apply unchanged.
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import {
  getTpaSessionEmail,
  launcherTpaLogin,
  tpaLogin,
  tpaLoginToken,
  tpaSessionCookie,
} from '../../src/shared/contract/launcher-login';
import {
  decodeTpaState,
  getSocialLink,
  socialLinkRequestCode,
  socialLinkVerifyCode,
  socialLinkWithPassword,
  SOCIAL_LINK_PROOFS,
  tpaStartQuery,
  type SocialLinkCase,
  type TpaSessionResponse,
} from '../../src/shared/contract/social';
import { SOCIAL_PROVIDERS } from '../../src/regions/schema';
import { SERVER_BASES } from '../../src/shared/contract/endpoint';
import { auditStatement } from '../core/data/audit';
import { findAccountById } from '../core/data/accounts';
import type { AccountRow } from '../core/data/rows';
import { findLink, insertTpaSessionStatement, setTpaLink, takeTpaSession, type TpaSessionRow } from './data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { checkPassword } from '../signin/authenticate';
import { issueCode, normalizeAddress, type CodePurpose } from '../core/security/email-codes';
import { hit } from '../core/security/rate-limit';
import { clientIp } from '../core/http/client-ip';
import { accountStateError, signInAfterPassword } from '../signin/sign-in';
import { issueDeskToken } from '../support/desk-token';
import { settingsOf } from '../core/env';
import { CODE_SENDS_PER_IP, checkEmailedCode, hitIp, SIGNUP_CODE_SENDS } from '../core/security/signin-limits';
import { digest, newToken } from '../core/security/tokens';
import { sendCodeEmail } from '../core/notices/send';
import {
  callbackUrl,
  clearTpaCookie,
  encodeState,
  portalOrigin,
  requireTpaSession,
  redeemOAuth,
  sessionExpired,
  setTpaCookie,
  startOAuth,
  takeBrowserFlow,
  TPA_COOKIE,
} from './flow';
import { linkIdentity, socialLinkCaseFor, type ProvenIdentity } from './linking';
import type { Identity } from './oauth';
import { getCookie } from 'hono/cookie';
import { redeemSteam, startSteam, steamReturn } from './steam';
import { assertLegacyMigrated } from '../legacy/gate';
import { pendingLegacy } from '../legacy/data';
import { readConfiguration } from '../configuration/routes';

type Ctx = Context<AppEnv>;

/** Codes proving an existing account before a link (docs/social.md): 30 minutes like the other emailed codes. */
export const SOCIAL_LINK_CODE: CodePurpose = { name: 'social-link', ttlMs: 30 * 60_000 };

const providerParam = z.enum(SOCIAL_PROVIDERS);

/** Opens the third-party session for a proven identity and says what the callback screen does next. */
export async function openTpaSession(c: Ctx, provider: string, identity: Identity): Promise<TpaSessionResponse> {
  const now = c.var.clock.now();
  const p = providerParam.parse(provider);
  const linked = await findLink(c.var.db, provider, identity.subject);
  let next: TpaSessionResponse['next'];
  let link: { accountId: number; linkCase: SocialLinkCase } | null = null;
  if (linked !== null) next = 'login';
  // The microblogging service signs in accounts already linked only; it no longer registers new ones (§8).
  else if (provider === 'twitter')
    throw new ApiError(404, 'NOT_EXIST_TWITTER_ACCOUNT', 'No account is linked to this microblogging account');
  else if (identity.email !== null && identity.emailVerified) {
    link = await socialLinkCaseFor(c.var.db, provider, identity.email, false);
    next = link === null ? 'signup' : 'socialLink';
  } else next = 'needsEmail';
  const token = newToken();
  await c.var.db.batch([
    insertTpaSessionStatement(
      c.var.db,
      {
        tokenHash: await digest(token),
        provider,
        subject: identity.subject,
        email: identity.email,
        emailVerified: identity.emailVerified,
        displayName: identity.name,
        linkAccountId: link?.accountId ?? null,
        linkCase: link?.linkCase ?? null,
      },
      now,
    ),
    // TRANSITIONAL: audit (server/core) still takes the D1 binding until it is ported.
    auditStatement(
      c.var.db,
      { accountId: linked?.account_id ?? null, event: 'tpa.session', ip: clientIp(c), detail: { provider, next } },
      now,
    ),
  ]);
  setTpaCookie(c, token);
  return {
    email: identity.email,
    provider: p,
    next,
    ...(link !== null ? { socialLinkCase: link.linkCase } : {}),
  };
}

/** Takes the browser's third-party session for its one use (20159 when another call took it first). */
export async function takeSession(c: Ctx): Promise<TpaSessionRow> {
  const token = getCookie(c, TPA_COOKIE);
  if (token === undefined) throw sessionExpired();
  const row = await takeTpaSession(c.var.db, await digest(token), c.var.clock.now());
  clearTpaCookie(c);
  if (row === null) throw sessionExpired();
  return row;
}

export function identityOf(s: TpaSessionRow): ProvenIdentity {
  return {
    provider: s.provider,
    subject: s.subject,
    email: s.email,
    emailVerified: s.email_verified === 1,
    name: s.display_name,
  };
}

/** The account a social-link case is about, or 20022 when this session has none to prove. */
export async function linkTarget(c: Ctx, s: TpaSessionRow): Promise<{ account: AccountRow; linkCase: SocialLinkCase }> {
  const account = s.link_account_id === null ? null : await findAccountById(c.var.db, s.link_account_id);
  const linkCase = s.link_case;
  if (account === null || (linkCase !== 1 && linkCase !== 2 && linkCase !== 3 && linkCase !== 5))
    throw badInput('No social link to prove for this third-party session');
  return { account, linkCase };
}

function proofsOf(account: AccountRow, linkCase: SocialLinkCase): (typeof SOCIAL_LINK_PROOFS)[number][] {
  if (linkCase === 4) return [];
  return account.has_password ? ['password', 'code'] : ['code'];
}

interface Clock {
  deviceId: string;
  localTime: string;
  timeOffset: number;
}

/**
 * The social-link proof by emailed code (web and console, server/platform/social-routes.ts): the attempt is reserved
 * before the comparison, so a burst of guesses cannot outnumber the limit (rate-limit.ts); the code is used once.
 * Throws 20013 (wrong), 20018 (expired) or the limit's lock; returns when the code is right.
 */
export async function verifySocialLinkCode(c: Ctx, account: AccountRow, code: string): Promise<void> {
  await checkEmailedCode(c.var.db, c.var.clock.now(), {
    purpose: SOCIAL_LINK_CODE,
    address: account.email,
    code,
    limitKey: `social-link:${normalizeAddress(account.email)}`,
    ip: clientIp(c),
    consume: true,
  });
}

/** After the proof: the identity is linked, the third-party session used up, and the §4 sign-in follows. */
async function linkAndSignIn(c: Ctx, account: AccountRow, via: 'password' | 'code', body: Clock) {
  if (await holdsForMigration(c, account)) {
    // A legacy account (docs/legacy.md): proven now, so the identity is linked, and the third-party session is
    // kept for the migration (login/migration-tpa), which uses it up; the answer is the sign-in's 20211 or 20184.
    const session = await requireTpaSession(c);
    if (session.link_account_id !== account.id) throw sessionExpired();
    await linkIdentity(c, account, identityOf(session), via);
    await assertLegacyMigrated(c, account);
  }
  const session = await takeSession(c);
  if (session.link_account_id !== account.id) throw sessionExpired();
  await linkIdentity(c, account, identityOf(session), via);
  return signInAfterPassword(c, account, {
    rememberMe: false,
    deviceId: body.deviceId,
    detail: { channel: 'tpa-link', provider: session.provider, localTime: body.localTime, timeOffset: body.timeOffset },
    // The third-party provider proved the player; how, the portal does not see (no amr).
    amr: [],
  });
}

/**
 * Whether a third-party sign-in of `account` stops for its open legacy migration (docs/legacy.md "Through a
 * third-party sign-in"). An account the sign-in refuses (blocked, suspended…) is refused as usual instead.
 */
async function holdsForMigration(c: Ctx, account: AccountRow): Promise<boolean> {
  return accountStateError(account) === null && (await pendingLegacy(c.var.db, account.id)) !== null;
}

/** login/tpa and its launcher variant: the linked account signs in through the §4 pipeline, once. */
async function signInWithTpa(c: Ctx, channel: string, body: Clock) {
  const session = await requireTpaSession(c);
  const link = await findLink(c.var.db, session.provider, session.subject);
  if (link === null) {
    // An unlinked identity whose email is an account's: prove that account first (case 5, §8 20128).
    if (session.link_account_id !== null) {
      await setTpaLink(c.var.db, session.token_hash, session.link_account_id, 5);
      throw new ApiError(409, '20128', 'Link this sign-in to the existing account first');
    }
    throw new ApiError(404, '20215', 'No account is linked to this sign-in');
  }
  const account = await findAccountById(c.var.db, link.account_id);
  // A legacy account answers 20211 or 20184 and keeps the third-party session for login/migration-tpa.
  if (account !== null && (await holdsForMigration(c, account))) await assertLegacyMigrated(c, account);
  await takeSession(c);
  if (account === null) throw sessionExpired();
  return signInAfterPassword(c, account, {
    rememberMe: false,
    deviceId: body.deviceId,
    detail: { channel, provider: session.provider, localTime: body.localTime, timeOffset: body.timeOffset },
    amr: [],
  });
}

export function tpaRoutes(app: Hono<AppEnv>): void {
  const base = SERVER_BASES.account;

  /** The start navigation (not a contract call: the browser is sent to the provider). */
  app.get(`${base}/no-auth/tpa/:provider/start`, async (c) => {
    const provider = providerParam.safeParse(c.req.param('provider'));
    if (!provider.success) throw badInput('Unknown provider');
    const query = tpaStartQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!query.success) throw badInput('Invalid start parameters');
    const { unified, ...rest } = query.data;
    const values = { ...rest, ...(unified === '1' ? { unified: true } : {}) };
    // Ops switched provider sign-in off (configuration socialLoginEnabled, docs/social.md): no flow and no trip to
    // the provider; the portal's callback screen gets the provider-style refusal and offers the way back.
    if (!(await readConfiguration(c)).socialLoginEnabled) {
      const refused = new URL(callbackUrl(portalOrigin(c), values.locale, provider.data));
      refused.searchParams.set('error', 'temporarily_unavailable');
      refused.searchParams.set('state', encodeState(values));
      return c.redirect(refused.href, 302);
    }
    const target = provider.data === 'steam' ? await startSteam(c, values) : await startOAuth(c, provider.data, values);
    return c.redirect(target, 302);
  });

  /** Apple's form_post: the same code and state sent on to the portal's callback screen as a query. */
  app.post(`${base}/no-auth/tpa/apple/callback`, async (c) => {
    const form = await c.req.parseBody();
    const value = (k: string) => (typeof form[k] === 'string' ? form[k] : undefined);
    const state = value('state');
    const { decodeTpaState } = await import('../../src/shared/contract/social');
    const values = state === undefined ? null : decodeTpaState(state);
    if (state === undefined || values === null) throw badInput('Not a callback of this portal');
    const target = new URL(callbackUrl(new URL(c.req.url).origin, values.locale, 'apple'));
    const code = value('code');
    const error = value('error');
    if (code !== undefined) target.searchParams.set('code', code);
    else target.searchParams.set('error', error ?? 'access_denied');
    target.searchParams.set('state', state);
    return c.redirect(target.href, 303);
  });

  /** The PC store's OpenID 2.0 return: checked here, then on to the portal's callback screen. */
  app.get(`${base}/no-auth/tpa/steam/return`, async (c) => c.redirect(await steamReturn(c), 303));

  mount(app, tpaSessionCookie, async (c, { body }) => {
    const provider = body.tpaType;
    // A parent adding a child starts the child's sign-in with actionType childLogin (server/parental/child-routes.ts):
    // the state the flow row holds says which, and takeBrowserFlow compares the state with it.
    const action =
      body.state !== undefined && decodeTpaState(body.state)?.actionType === 'childLogin' ? 'childLogin' : 'login';
    const flow = await takeBrowserFlow(c, provider, body.state, action);
    const identity =
      provider === 'steam' ? await redeemSteam(flow, body.code) : await redeemOAuth(c, provider, flow, body.code);
    return openTpaSession(c, provider, identity);
  });

  mount(app, tpaLogin, (c, { body }) => signInWithTpa(c, 'tpa', body));

  // The launcher's variant (spec §7 login/tpa/launcher): the same sign-in, recorded as the launcher's.
  mount(app, launcherTpaLogin, (c, { body }) => signInWithTpa(c, 'launcher-tpa', body));

  /** Global ban flow (spec §7 login/token/tpa): a blocked account's one-time support-desk token. */
  mount(app, tpaLoginToken, async (c) => {
    if (settingsOf(c.env).supportDesk === null)
      throw new ApiError(404, 'NOT_FOUND', 'This region has no support-desk sign-in');
    const db = c.var.db;
    const s = await requireTpaSession(c);
    const link = await findLink(c.var.db, s.provider, s.subject);
    const account = link === null ? null : await findAccountById(db, link.account_id);
    if (account === null) throw new ApiError(404, '20215', 'No account is linked to this sign-in');
    const now = c.var.clock.now();
    const ip = clientIp(c);
    if (accountStateError(account)?.code !== '20100') {
      await c.var.db.run(auditStatement(db, { accountId: account.id, event: 'support-desk.token.refused', ip }, now));
      throw new ApiError(403, '20022', 'The support-desk token is for blocked accounts; sign in instead');
    }
    await takeSession(c);
    const { token, statements } = await issueDeskToken(c.var.db, account.id, now);
    await c.var.db.batch([
      ...statements,
      auditStatement(db, { accountId: account.id, event: 'support-desk.token.issued', ip, detail: { tpa: true } }, now),
    ]);
    return { token };
  });

  mount(app, getTpaSessionEmail, async (c) => {
    const s = await requireTpaSession(c);
    return { email: s.verified_email ?? s.email };
  });

  mount(app, getSocialLink, async (c) => {
    const s = await requireTpaSession(c);
    const account = s.link_account_id === null ? null : await findAccountById(c.var.db, s.link_account_id);
    const linkCase = s.link_case;
    if (account === null || linkCase === null || linkCase < 1 || linkCase > 5)
      throw badInput('No social link for this third-party session');
    const lc = linkCase as SocialLinkCase;
    return { case: lc, provider: providerParam.parse(s.provider), email: account.email, proofs: proofsOf(account, lc) };
  });

  mount(app, socialLinkWithPassword, async (c, { body }) => {
    const { account } = await linkTarget(c, await requireTpaSession(c));
    // Attempt limits and the captcha demand after repeated failures are the password login's (checkPassword).
    await checkPassword(c, account, body.password, { loginId: account.email, captchaSolved: false });
    return linkAndSignIn(c, account, 'password', body);
  });

  mount(app, socialLinkRequestCode, async (c, { body }) => {
    const now = c.var.clock.now();
    const { account } = await linkTarget(c, await requireTpaSession(c));
    await hitIp(c.var.db, now, CODE_SENDS_PER_IP, clientIp(c));
    await hit(c.var.db, now, SIGNUP_CODE_SENDS, `social-link:${normalizeAddress(account.email)}`);
    const code = await issueCode(c.var.db, SOCIAL_LINK_CODE, account.email, now);
    await sendCodeEmail(c, account.email, code, SOCIAL_LINK_CODE.ttlMs, body.language);
    return {};
  });

  mount(app, socialLinkVerifyCode, async (c, { body }) => {
    const { account } = await linkTarget(c, await requireTpaSession(c));
    await verifySocialLinkCode(c, account, body.code);
    return linkAndSignIn(c, account, 'code', body);
  });
}
