/**
 * Adding a child (spec §2 add-child/login and add-child/signup, §4 step 5
 * "child mode", §5 "parental country must equal the child's country"; docs/
 * parental.md): the signed-in parent, with consent recorded, signs in to an
 * existing minor's account or creates one. The parent's session stays the
 * session of the browser: the child is linked, never signed in here.
 *
 * Refusals: not a consented parent (403 20022); a child that is not a minor
 * (DOB_INVALID_FOR_CHILD); another country than the parent's (400 20022); an
 * account already in a family or itself a parent (409 20022). The password
 * step is the sign-in's own (limits, 20002, no enumeration).
 */
import type { Context, Hono } from 'hono';
import { SIGNUP_TOKEN_HEADER } from '../../src/shared/contract/http';
import { childLogin, childSignup, childTpaLogin } from '../../src/shared/contract/parental';
import { isMinorIn } from '../../src/shared/validation/age-of-consent';
import { findAccountById, findAccountByLogin } from '../core/data/accounts';
import type { AccountRow } from '../core/data/rows';
import { findLink } from '../social/data';
import { auditWhere } from '../core/data/audit';
import { childOfParent, linkable, linkChildQueries } from './data';
import { consumeSignupSession, createSignupAccount, emailTaken, signupSessionLive } from '../signup/data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { sendParentalNotice } from './notices';
import { isMinorAccount, requireConsentedParent, type ParentContext } from './access';
import { assertCaptcha } from '../core/providers/index';
import { checkPassword } from '../signin/authenticate';
import { assertNewPassword } from '../core/security/password-policy';
import { clientIp } from '../core/http/client-ip';
import { accountStateError } from '../signin/sign-in';
import { digest } from '../core/security/tokens';
import { hit, type Limit } from '../core/security/rate-limit';
import { takeSession } from '../social/routes';
import { sendVerificationLink } from '../signup/email-verification-routes';
import { assertBirthday, assertCountry, signupAccountOf, taken, verifySignupCode } from '../signup/routes';
import { isUniqueViolation } from '../core/db/engine';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function notAChild(): ApiError {
  return new ApiError(400, 'DOB_INVALID_FOR_CHILD', 'The birth date does not make a child account');
}

function otherCountry(): ApiError {
  return new ApiError(400, '20022', "A child's country must be the parent's country");
}

function cannotLink(): ApiError {
  return new ApiError(409, '20022', 'This account cannot join the family');
}

/** Links the child, audits on both accounts and tells the parent; false when a parallel request linked it first. */
async function link(
  c: Context<AppEnv>,
  parent: ParentContext,
  child: { id: number; email: string },
  how: 'childAdded' | 'childCreated',
): Promise<boolean> {
  const db = c.var.db;
  const now = c.var.clock.now();
  const ip = clientIp(c);
  const event = 'parental.child-linked';
  // The audit rows carry the link's own condition and come first: written exactly when the link is made.
  const may = linkable(parent.account.id, child.id);
  const [, , linked] = await db.batch([
    auditWhere(db, may, { accountId: parent.account.id, event, ip, detail: { childUserNo: child.id, how } }, now),
    auditWhere(db, may, { accountId: child.id, event, ip, detail: { by: parent.account.id } }, now),
    ...linkChildQueries(db, parent.account.id, child.id, now),
  ]);
  if (linked.rows.length === 0) return false;
  await sendParentalNotice(c, parent.account.email, how, { child: child.email });
  return true;
}

/**
 * Third-party child additions per parent (POST /parental/child/login/tpa): 10 an hour (20157), reserved before the
 * child's third-party session is used. The provider sign-in cannot be guessed like a password; the limit keeps a
 * parent's session from being used to probe accounts by many provider sign-ins.
 */
const CHILD_TPA_ATTEMPTS: Limit = {
  scope: 'child-tpa:parent',
  max: 10,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
  code: '20157',
  onSuccess: 'keep',
};

/** The rules of both ways of adding an existing account, once it is proven (password or provider sign-in). */
async function addProvenChild(c: Context<AppEnv>, parent: ParentContext, child: AccountRow) {
  const refused = accountStateError(child);
  if (refused) throw refused;
  if (child.id === parent.account.id) throw cannotLink();
  if ((await childOfParent(c.var.db, parent.account.id, child.id)) !== null) return { globalUserNo: child.id };
  if (!isMinorAccount(child, c.var.clock.now())) throw notAChild();
  if (child.country_code !== parent.account.country_code) throw otherCountry();
  if (!(await link(c, parent, child, 'childAdded'))) throw cannotLink();
  return { globalUserNo: child.id };
}

export function parentalChildRoutes(app: Hono<AppEnv>): void {
  mount(app, childLogin, async (c, { body, session }) => {
    const parent = await requireConsentedParent(c, session);
    await assertCaptcha(c, body.captchaToken, body.captchaVersion, 'web_login');
    const found = await findAccountByLogin(c.var.db, body.id.trim());
    const { account: child } = await checkPassword(c, found, body.password, {
      loginId: body.id,
      captchaSolved: body.captchaVersion === 'v2',
    });
    return addProvenChild(c, parent, child);
  });

  /**
   * The child proves the account by a provider sign-in on the parent's device (spec §4 step 5: "third-party login
   * ends at add-child-complete"): the third-party session of the child's identity, used up here; the child is
   * linked, never signed in. Then the password variant's rules.
   */
  mount(app, childTpaLogin, async (c, { session }) => {
    const parent = await requireConsentedParent(c, session);
    await hit(c.var.db, c.var.clock.now(), CHILD_TPA_ATTEMPTS, String(parent.account.id));
    const proof = await takeSession(c);
    const linked = await findLink(c.var.db, proof.provider, proof.subject);
    const child = linked === null ? null : await findAccountById(c.var.db, linked.account_id);
    if (child === null) throw new ApiError(404, '20215', 'No account is linked to this sign-in');
    return addProvenChild(c, parent, child);
  });

  mount(app, childSignup, async (c, { body, session }) => {
    const parent = await requireConsentedParent(c, session);
    const db = c.var.db;
    const now = c.var.clock.now();
    const token = c.req.header(SIGNUP_TOKEN_HEADER) ?? '';
    const tokenHash = TOKEN_SHAPE.test(token) ? await digest(token) : null;
    if (tokenHash === null || !(await signupSessionLive(db, tokenHash, now)))
      throw new ApiError(401, '20018', 'Sign-up session missing, used or expired');
    if (body.hashedGlobalUserNo !== undefined) throw badInput('A child sign-up does not link an existing user number');
    const email = body.email.trim();
    assertCountry(body.countryCode);
    assertBirthday(body.birthday, now);
    if (body.countryCode !== parent.account.country_code) throw otherCountry();
    if (!isMinorIn(body.countryCode, body.birthday, now)) throw notAChild();
    await assertNewPassword(c, body.password, email);
    if (body.code === undefined || body.codeType !== 'EMAIL')
      throw new ApiError(400, '20013', 'The emailed code (codeType EMAIL) is required');
    await verifySignupCode(c, email, body.code, true);
    if (await emailTaken(db, email)) throw taken();
    if (!(await consumeSignupSession(db, tokenHash, now)))
      throw new ApiError(401, '20018', 'Sign-up session already used');
    let childId: number;
    try {
      childId = await createSignupAccount(db, { ...(await signupAccountOf(c, body, email)), isMinor: true }, now);
    } catch (e) {
      if (isUniqueViolation(e, 'accounts', 'email')) throw taken();
      throw e;
    }
    // A new account has no family and is no parent: the link cannot be refused, short of a bug.
    if (!(await link(c, parent, { id: childId, email }, 'childCreated')))
      throw new Error('A new child account could not be linked');
    try {
      await sendVerificationLink(c, childId, email, body.language);
    } catch (e) {
      console.error('Child sign-up verification link not sent', e instanceof Error ? e.name : 'unknown');
    }
    return { globalUserNo: childId };
  });
}
