/**
 * Sign-up through a provider (create-tpa, create/verify/code-tpa; docs/social.md): the age check and
 * terms as in the normal sign-up (the same checks: signup.ts), the email from the provider or typed and
 * verified by code, then the account — social-only (tpaSignup) or with a password (signup-tpa-with-email).
 * An email that turns out to be an existing account's leads to the social link (case 3) instead.
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { signupTpaWithEmail } from '../../src/shared/contract/launcher-login';
import {
  tpaSignup,
  tpaSignupEmailRequestCode,
  tpaSignupEmailVerifyCode,
  tpaSignupProfile,
} from '../../src/shared/contract/social';
import { isMinorIn } from '../../src/shared/validation/age-of-consent';
import { membershipOfCountry } from '../core/reference/countries';
import { findAccountById } from '../core/data/accounts';
import { createSocialAccount, type SocialAccount } from './signup-data';
import { DbConstraintError, isUniqueViolation } from '../core/db/engine';
import type { AccountRow } from '../core/data/rows';
import {
  findAccountIdByEmail,
  findLink,
  setTpaLink,
  setTpaProfile,
  setTpaVerifiedEmail,
  takeTpaSession,
  type TpaSessionRow,
} from './data';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { assertCaptcha } from '../core/providers/index';
import { issueCode, normalizeAddress, type CodePurpose } from '../core/security/email-codes';
import { hashPassword } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';
import { assertNewPassword } from '../core/security/password-policy';
import { hit } from '../core/security/rate-limit';
import { clientIp } from '../core/http/client-ip';
import { signInAfterPassword } from '../signin/sign-in';
import { CODE_SENDS_PER_IP, checkEmailedCode, hitIp, SIGNUP_CODE_SENDS } from '../core/security/signin-limits';
import { sendCodeEmail } from '../core/notices/send';
import { clearTpaCookie, requireTpaSession, sessionExpired } from './flow';
import { usedByAnother, socialLinkCaseFor } from './linking';
import { assertBirthday, assertCountry } from '../signup/routes';

type Ctx = Context<AppEnv>;

export const TPA_SIGNUP_EMAIL_CODE: CodePurpose = { name: 'tpa-signup-email', ttlMs: 30 * 60_000 };

const profileSchema = z.object({
  countryCode: z.string(),
  birthday: z.string(),
  newsletter: z.boolean(),
  language: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export function profileOf(s: TpaSessionRow): Profile {
  const parsed = s.profile === null ? null : profileSchema.safeParse(JSON.parse(s.profile));
  if (!parsed?.success) throw new ApiError(400, '20022', 'The age check of create-tpa comes first');
  return parsed.data;
}

/** After a sign-up refused for an existing email: the session now leads to the social link (20128). */
async function existingAccount(c: Ctx, s: TpaSessionRow, email: string, typed: boolean): Promise<never> {
  const link = await socialLinkCaseFor(c.var.db, s.provider, email, typed);
  if (link !== null) await setTpaLink(c.var.db, s.token_hash, link.accountId, link.linkCase);
  throw new ApiError(409, '20128', 'This email belongs to an existing account: link it instead');
}

interface Creation {
  email: string;
  password: string | null;
  deviceId: string;
  detail: Record<string, string | number>;
}

/** What a sign-up adds beyond the web's: a platform sign-up's client, partner, console link and audit detail. */
export type CreationExtras = Pick<SocialAccount, 'clientId' | 'partnerKey' | 'auditDetail' | 'platformLink'>;

/**
 * The account of a third-party session (used once): refuses an identity linked meanwhile (20009) and an email
 * that is an existing account's (20128, the session then leads to the social link), then creates the account
 * with its provider link in one batch. Shared by the web sign-up and the platform social sign-up.
 */
export async function createFromTpaSession(
  c: Ctx,
  s: TpaSessionRow,
  profile: Profile,
  a: Pick<Creation, 'email' | 'password'> & { typed?: boolean },
  extras: CreationExtras = {},
): Promise<AccountRow> {
  const db = c.var.db;
  const now = c.var.clock.now();
  if ((await findLink(c.var.db, s.provider, s.subject)) !== null) throw usedByAnother(s.provider);
  if ((await findAccountIdByEmail(c.var.db, a.email)) !== null)
    return existingAccount(c, s, a.email, a.typed ?? a.password !== null);
  const passwordHash = a.password === null ? null : await hashPassword(a.password, passwordParams(c.env));
  // One use of the third-party session: a parallel sign-up with the same cookie finds it gone.
  const taken = await takeTpaSession(c.var.db, s.token_hash, now);
  clearTpaCookie(c);
  if (taken === null) throw sessionExpired();
  const [year, month] = profile.birthday.split('-').map(Number);
  let accountId: number;
  try {
    accountId = await createSocialAccount(
      c.var.db,
      {
        email: a.email,
        passwordHash,
        membershipNo: settingsOf(c.env).region.membershipNo ?? membershipOfCountry(profile.countryCode),
        countryCode: profile.countryCode,
        birthYear: year ?? 0,
        birthMonth: month ?? 0,
        newsletter: profile.newsletter,
        language: profile.language,
        ip: clientIp(c),
        provider: s.provider,
        subject: s.subject,
        linkEmail: s.email_verified === 1 ? s.email : null,
        displayName: s.display_name,
        ...extras,
      },
      now,
    );
  } catch (e) {
    if (isUniqueViolation(e, 'platform_links'))
      throw new ApiError(409, '20138', 'This platform account was linked meanwhile');
    if (e instanceof DbConstraintError)
      throw new ApiError(409, '20050', 'The email address or this sign-in is already used');
    throw e;
  }
  const account = await findAccountById(db, accountId);
  if (account === null) throw new Error('New account not found');
  return account;
}

async function createAndSignIn(c: Ctx, s: TpaSessionRow, profile: Profile, a: Creation) {
  const account = await createFromTpaSession(c, s, profile, a);
  // The third-party provider proved the player; how, the portal does not see (no amr).
  return signInAfterPassword(c, account, { rememberMe: false, deviceId: a.deviceId, detail: a.detail, amr: [] });
}

/**
 * A typed email's code (create-tpa without a provider email; the platform's signup/social/email/validate): sent
 * whether or not the address has an account — only its owner learns that, after the code (social-link case 3).
 */
export async function sendTypedEmailCode(c: Ctx, typed: string, language: string): Promise<void> {
  const now = c.var.clock.now();
  const email = typed.trim();
  await hitIp(c.var.db, now, CODE_SENDS_PER_IP, clientIp(c));
  await hit(c.var.db, now, SIGNUP_CODE_SENDS, `tpa:${normalizeAddress(email)}`);
  await sendCodeEmail(
    c,
    email,
    await issueCode(c.var.db, TPA_SIGNUP_EMAIL_CODE, email, now),
    TPA_SIGNUP_EMAIL_CODE.ttlMs,
    language,
  );
}

/**
 * Checks a typed email's code (the attempt reserved before the comparison) and records the address on the
 * third-party session; answers the social link to prove when the address is an existing account's.
 */
export async function verifyTypedEmail(c: Ctx, s: TpaSessionRow, typed: string, code: string) {
  const now = c.var.clock.now();
  const email = typed.trim();
  await checkEmailedCode(c.var.db, now, {
    purpose: TPA_SIGNUP_EMAIL_CODE,
    address: email,
    code,
    limitKey: `tpa:${normalizeAddress(email)}`,
    ip: clientIp(c),
    consume: true,
  });
  const link = await socialLinkCaseFor(c.var.db, s.provider, email, true);
  await setTpaVerifiedEmail(c.var.db, s.token_hash, email, link);
  return link;
}

export function tpaSignupRoutes(app: Hono<AppEnv>): void {
  mount(app, tpaSignupProfile, async (c, { body }) => {
    const s = await requireTpaSession(c);
    await assertCaptcha(c, body.captchaToken, body.captchaVersion, 'signUpDob');
    const now = c.var.clock.now();
    assertCountry(body.countryCode);
    assertBirthday(body.birthday, now);
    // A minor signs up through the parental flow only: nothing is stored, the portal sends them there.
    if (isMinorIn(body.countryCode, body.birthday, now)) return { isMinor: true };
    const profile: Profile = {
      countryCode: body.countryCode,
      birthday: body.birthday,
      newsletter: body.newsletter,
      language: body.language,
    };
    await setTpaProfile(c.var.db, s.token_hash, JSON.stringify(profile));
    return { isMinor: false };
  });

  mount(app, tpaSignup, async (c, { body }) => {
    const s = await requireTpaSession(c);
    const profile = profileOf(s);
    if (s.email === null || s.email_verified !== 1)
      throw new ApiError(400, '20022', 'No verified provider email: use signup-tpa-with-email');
    return createAndSignIn(c, s, profile, {
      email: s.email,
      password: null,
      deviceId: body.deviceId,
      detail: { channel: 'tpa-signup', provider: s.provider, localTime: body.localTime, timeOffset: body.timeOffset },
    });
  });

  mount(app, tpaSignupEmailRequestCode, async (c, { body }) => {
    await requireTpaSession(c);
    await sendTypedEmailCode(c, body.email, body.language);
    return {};
  });

  mount(app, tpaSignupEmailVerifyCode, async (c, { body }) => {
    const link = await verifyTypedEmail(c, await requireTpaSession(c), body.email, body.code);
    return link === null ? { next: 'signup' as const } : { next: 'socialLink' as const, socialLinkCase: link.linkCase };
  });

  mount(app, signupTpaWithEmail, async (c, { body }) => {
    const s = await requireTpaSession(c);
    const profile = profileOf(s);
    const email = body.id.trim();
    // The address must be the one this session verified by code (create/verify/code-tpa).
    if (s.verified_email === null || normalizeAddress(s.verified_email) !== normalizeAddress(email))
      throw new ApiError(400, '20013', 'Verify this email address with its code first');
    await assertNewPassword(c, body.password, email);
    return createAndSignIn(c, s, profile, {
      email: s.verified_email,
      password: body.password,
      deviceId: `tpa-${s.provider}`,
      detail: { channel: 'tpa-signup', provider: s.provider },
    });
  });
}
