/**
 * Web sign-up (spec §2 create, §4, §5, §7 "Sign-up and countries"):
 *
 *   verify age ─► email validate ─► request code ─► verify code ─► init ─► sign-up
 *
 * - verify age: country and birthday with a captcha token (action signUpDob);
 *   answers isMinor by the country's age of digital consent, and a minor's
 *   portal goes to create/parent-consent-required.
 * - the email step proves the address with a 6-digit emailed code
 *   (security/email-codes.ts), sends and failures capped (signin-limits.ts);
 * - init opens a one-time sign-up session (token, 1 hour);
 * - sign-up (token in SIGNUP_TOKEN_HEADER) checks everything again on the
 *   server, uses the code and the session, creates the account (email not
 *   verified yet, terms accepted), emails the verification link, and signs
 *   the player in.
 */
import type { Context, Hono } from 'hono';
import { SIGNUP_TOKEN_HEADER } from '../../src/shared/contract/http';
import { signup, signupInit, verifyAge } from '../../src/shared/contract/signup';
import {
  webSignupEmailRequestCode,
  webSignupEmailValidate,
  webSignupEmailVerifyCode,
} from '../../src/shared/contract/signup-email';
import { isMinorIn } from '../../src/shared/validation/age-of-consent';
import { isValidBirthday } from '../../src/shared/validation/date-of-birth';
import { COUNTRY_CODES, localeOfLanguage, membershipOfCountry } from '../core/reference/countries';
import {
  consumeSignupSession,
  createSignupAccount,
  emailTaken,
  signupSessionLive,
  storeSignupSession,
  type AlongsideStatement,
  type SignupAccount,
} from './data';
import { alreadyRegisteredEmail, signupCodeEmail } from '../signin/emails';
import { isUniqueViolation } from '../core/db/engine';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { assertCaptcha, emailProvider } from '../core/providers/index';
import { issueCode, normalizeAddress, SIGNUP_EMAIL_CODE } from '../core/security/email-codes';
import { hashPassword } from '../core/security/password';
import { passwordParams } from '../core/security/hash-cost';
import { assertNewPassword } from '../core/security/password-policy';
import { hit } from '../core/security/rate-limit';
import { startSession } from '../core/security/sessions';
import { clientIp } from '../core/http/client-ip';
import {
  CODE_SENDS_PER_IP,
  hitIp,
  LOOKUPS_PER_IP,
  checkEmailedCode,
  SIGNUP_CODE_SENDS,
} from '../core/security/signin-limits';
import { digest, newToken } from '../core/security/tokens';
import { hashUserNumbers } from '../core/security/user-hash';
import { sendVerificationLink, signInLink } from './email-verification-routes';

type Ctx = Context<AppEnv>;

const COUNTRIES = new Set(COUNTRY_CODES);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** An ISO 3166-1 country the API knows (20022 otherwise). */
export function assertCountry(code: string): void {
  if (!COUNTRIES.has(code)) throw badInput('Unknown country code');
}

/** Spec §5: a real date, after 1900, not in the future (20022 otherwise). */
export function assertBirthday(birthday: string, now: number): void {
  if (!isValidBirthday(birthday, now)) throw badInput('Invalid date of birth');
}

export const taken = () => new ApiError(409, '20050', 'The email address is already used');

/**
 * Checks a sign-up code. The try is reserved first against the address
 * (5 → 15-minute lock, 20157, not reset by a resend) and the IP's sign-in
 * failures, so a burst evaluates no more than the limit; during a lock even
 * the right code is refused. An address that already has an account never
 * gets a code, so its checks fail like any wrong code (no enumeration).
 */
export async function verifySignupCode(c: Ctx, email: string, code: string, consume: boolean): Promise<void> {
  await checkEmailedCode(c.var.db, c.var.clock.now(), {
    purpose: SIGNUP_EMAIL_CODE,
    address: email,
    code,
    limitKey: normalizeAddress(email),
    ip: clientIp(c),
    consume,
  });
}

/**
 * Sends the sign-up code to an address (web, connector and in-game sign-up), within the IP's and the address's
 * send caps. Same answer either way (no enumeration): the owner of a registered address is told so by email
 * instead of getting a code.
 */
export async function sendSignupCode(c: Ctx, address: string, language: string): Promise<void> {
  const now = c.var.clock.now();
  const email = address.trim();
  await hitIp(c.var.db, now, CODE_SENDS_PER_IP, clientIp(c));
  await hit(c.var.db, now, SIGNUP_CODE_SENDS, normalizeAddress(email));
  const locale = localeOfLanguage(language);
  if (await emailTaken(c.var.db, email))
    await emailProvider(c).send(alreadyRegisteredEmail(email, signInLink(c, locale), locale));
  else
    await emailProvider(c).send(
      signupCodeEmail(email, await issueCode(c.var.db, SIGNUP_EMAIL_CODE, email, now), locale),
    );
}

/** What an email sign-up gives the pipeline (the web sign-up's body; the platform calls give the same fields). */
export interface EmailSignup {
  email: string;
  password: string;
  countryCode: string;
  birthday: string;
  newsletter: boolean;
  language: string;
  code?: string | undefined;
  codeType?: string | undefined;
  deviceId: string;
  partnerKey?: string | undefined;
  clientId?: string | undefined;
}

/** The account a sign-up body makes (every email sign-up, and a parent's child sign-up): the password hashed. */
export async function signupAccountOf(
  c: Ctx,
  body: Pick<
    EmailSignup,
    'password' | 'countryCode' | 'birthday' | 'newsletter' | 'language' | 'partnerKey' | 'clientId'
  >,
  email: string,
): Promise<SignupAccount> {
  const [year, month] = body.birthday.split('-').map(Number);
  return {
    email,
    passwordHash: await hashPassword(body.password, passwordParams(c.env)),
    membershipNo: settingsOf(c.env).region.membershipNo ?? membershipOfCountry(body.countryCode),
    countryCode: body.countryCode,
    birthYear: year ?? 0,
    birthMonth: month ?? 0,
    newsletter: body.newsletter,
    language: body.language,
    partnerKey: body.partnerKey ?? null,
    clientId: body.clientId ?? null,
    ip: clientIp(c),
  };
}

export interface EmailSignupHooks {
  /** Runs after the code and the address checks, before the account is made (may refuse). */
  beforeCreate?: () => Promise<void>;
  /** Statements for the account's batch (they find it by its email: newAccountId, or NEW_ACCOUNT_ID with ?1). */
  alongside?: (email: string) => AlongsideStatement[];
  /** Maps a constraint failure of the `alongside` statements to an answer (null: not theirs). */
  conflict?: (error: unknown) => ApiError | null;
}

/**
 * The email sign-up pipeline (web, store connector, in-game): country and birth date, the age of digital consent
 * (a minor signs up through the parental flow only), the password policy, the emailed code (attempts reserved
 * before the check), the address still free, then the account (terms accepted, email not yet verified), the
 * verification link, and a full session. Bad input changes nothing.
 */
export async function completeEmailSignup(c: Ctx, body: EmailSignup, hooks: EmailSignupHooks = {}) {
  const db = c.var.db;
  const now = c.var.clock.now();
  const email = body.email.trim();
  assertCountry(body.countryCode);
  assertBirthday(body.birthday, now);
  if (isMinorIn(body.countryCode, body.birthday, now))
    throw new ApiError(403, '20022', 'Under the age of digital consent: parental consent required');
  await assertNewPassword(c, body.password, email);
  if (body.code === undefined || body.codeType !== 'EMAIL')
    throw new ApiError(400, '20013', 'The emailed code (codeType EMAIL) is required');
  // The code first: only the address's owner gets this far, so "already used" tells a stranger nothing.
  await verifySignupCode(c, email, body.code, true);
  if (await emailTaken(db, email)) throw taken();
  await hooks.beforeCreate?.();

  const account = await signupAccountOf(c, body, email);
  let accountId: number;
  try {
    accountId = await createSignupAccount(db, account, now, hooks.alongside?.(email) ?? []);
  } catch (e) {
    const mapped = hooks.conflict?.(e) ?? null;
    if (mapped !== null) throw mapped;
    // Two sign-ups for one address at once: the second meets the UNIQUE email.
    if (isUniqueViolation(e, 'accounts', 'email')) throw taken();
    throw e;
  }
  try {
    await sendVerificationLink(c, accountId, email, body.language);
  } catch (e) {
    // The account exists: a failed delivery must not fail the sign-up; login/verify-account sends another link.
    console.error('Sign-up verification link not sent', e instanceof Error ? e.name : 'unknown');
  }
  await startSession(c, accountId, { rememberMe: false, level: 'full', deviceId: body.deviceId, amr: ['pwd'] });
  const hashes = await hashUserNumbers(c.env, { id: accountId, membership_no: account.membershipNo });
  return { accountId, response: { email, ...hashes } };
}

export function signupRoutes(app: Hono<AppEnv>): void {
  mount(app, verifyAge, async (c, { body }) => {
    await assertCaptcha(c, body.captchaToken, body.captchaVersion, 'signUpDob');
    const now = c.var.clock.now();
    assertCountry(body.countryCode);
    assertBirthday(body.birthday, now);
    return { isMinor: isMinorIn(body.countryCode, body.birthday, now) };
  });

  /**
   * The address's shape is checked by the contract; whether it is registered
   * is not told to anyone (same answer for both): the code step handles it.
   */
  mount(app, webSignupEmailValidate, async (c) => {
    await hitIp(c.var.db, c.var.clock.now(), LOOKUPS_PER_IP, clientIp(c));
    return {};
  });

  mount(app, webSignupEmailRequestCode, async (c, { body }) => {
    await sendSignupCode(c, body.email, body.language);
    return {};
  });

  mount(app, webSignupEmailVerifyCode, async (c, { body }) => {
    await verifySignupCode(c, body.email.trim(), body.code, false);
    return {};
  });

  mount(app, signupInit, async (c) => {
    const now = c.var.clock.now();
    await hitIp(c.var.db, now, LOOKUPS_PER_IP, clientIp(c));
    const token = newToken();
    await storeSignupSession(c.var.db, await digest(token), now);
    return { signUpSessionToken: token };
  });

  mount(app, signup, async (c, { body }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const token = c.req.header(SIGNUP_TOKEN_HEADER) ?? '';
    const tokenHash = TOKEN_SHAPE.test(token) ? await digest(token) : null;
    if (tokenHash === null || !(await signupSessionLive(db, tokenHash, now)))
      throw new ApiError(401, '20018', 'Sign-up session missing, used or expired');
    if (body.hashedGlobalUserNo !== undefined) throw badInput('Web sign-up does not link an existing user number');
    const { response } = await completeEmailSignup(c, body, {
      // After the code: the sign-up session is used up only by the address's owner.
      beforeCreate: async () => {
        if (!(await consumeSignupSession(db, tokenHash, now)))
          throw new ApiError(401, '20018', 'Sign-up session already used');
      },
    });
    return response;
  });
}
