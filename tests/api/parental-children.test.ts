/**
 * Managing children against workerd (docs/parental.md): deactivate and
 * reactivate (sessions and trusted devices end; 20226 at sign-in), release
 * (active children only), game access reset, the parental-control
 * verification (20008 N=10), disabling controls (20233 while children
 * remain), another family's child and a child acting as a parent refused
 * with nothing changed, and adding children by sign-in and sign-up in child
 * mode (country, DOB_INVALID_FOR_CHILD).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, setClock } from './client';
import { SIGNUP_TOKEN_HEADER } from '../../src/shared/contract/http';
import { CHILD_PAUSED_MESSAGE } from '../../src/shared/errors/payloads';
import { NO_FAMILY } from './parental-helpers';
import { lastMail, loginBody, NEW_PASSWORD, P, signupBody, Visitor } from './signin-helpers';
import {
  call,
  childOf,
  consentedParent,
  expectCode,
  family,
  PARENTAL_VERIFY_FIRST,
  PASSWORD,
  release,
  resetGames,
  setAccount,
  setFamily,
  setStatus,
  signedInBrowser,
  state,
  adult,
} from './parental-helpers';
import { startSession } from './two-factor-helpers';
import { uniqueEmail } from './client';

afterEach(() => setClock(0));

const disable = (b: Browser) => call.del(b, '/parental/controls');

describe('deactivate and reactivate', () => {
  it("deactivation ends the child's sessions and trusted devices; its sign-in then answers 20226", async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    await startSession(child.b, child.accountId);
    expect(
      (await child.b.post('/api/dev/trusted-device', { accountId: child.accountId, deviceId: 'dev-1' })).status,
    ).toBe(200);
    const before = await state(child.accountId);
    expect(before.sessions).toBeGreaterThan(0);
    expect(before.trustedDevices).toBe(1);
    const r = await setStatus(parent.b, child.accountId, false);
    expect(r.status, r.text).toBe(200);
    expect(await state(child.accountId)).toMatchObject({ status: 0, sessions: 0, trustedDevices: 0 });
    expect((await state(parent.accountId)).audit).toContain('parental.child-deactivated');
    expect((await lastMail(parent.email)).text).toContain(`The child account ${child.email} was deactivated`);
    const login = await new Visitor().post(P.login, loginBody({ email: child.email, password: PASSWORD }));
    expectCode(login, 403, '20226');
    // The portal tells a paused child apart from one suspended for failed sign-ins by this message.
    expect(login.json).toEqual({ code: '20226', message: CHILD_PAUSED_MESSAGE });
    // The family list shows the status; reactivation brings the child back.
    expect((await family(parent.b)).json).toMatchObject({
      children: [{}, { globalUserNo: child.accountId, status: 0 }],
    });
    expect((await setStatus(parent.b, child.accountId, true)).status).toBe(200);
    expect((await state(child.accountId)).status).toBe(1);
    expect((await lastMail(parent.email)).text).toContain('was reactivated');
    const again = await new Visitor().post(P.login, loginBody({ email: child.email, password: PASSWORD }));
    expect(again.status, again.text).toBe(200);
  });

  it('deactivation needs the parental-control verification (20008 N=10) once the sign-in is older than 10 minutes', async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    await setClock(11 * MINUTE);
    const r = await setStatus(parent.b, child.accountId, false);
    expect([r.status, r.json]).toEqual([403, PARENTAL_VERIFY_FIRST]);
    expectCode(await release(parent.b, child.accountId), 403, '20008');
    expectCode(await disable(parent.b), 403, '20008');
    expect(await state(child.accountId)).toMatchObject({ status: 1, parentId: parent.accountId });
  });
});

describe('release and game access', () => {
  it('releases an active child only; the link and its restrictions go', async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    await setFamily(child.accountId, { accessibleProductIds: '7' });
    await setAccount(child.accountId, { status: 0 });
    expectCode(await release(parent.b, child.accountId), 409, '20022');
    expect((await state(child.accountId)).parentId).toBe(parent.accountId);
    await setAccount(child.accountId, { status: 1 });
    const r = await release(parent.b, child.accountId);
    expect(r.status, r.text).toBe(200);
    expect((await state(child.accountId)).parentId).toBeNull();
    expect((await state(parent.accountId)).children).toEqual([]);
    expect((await lastMail(parent.email)).text).toContain('was released from your family');
  });

  it('resets game access (accessibleProductId becomes empty)', async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    await setFamily(child.accountId, { accessibleProductIds: '3,5' });
    const r = await resetGames(parent.b, child.accountId);
    expect(r.status, r.text).toBe(200);
    expect((await state(parent.accountId)).children).toEqual([
      { child_id: child.accountId, accessible_product_ids: '' },
    ]);
    expect((await state(parent.accountId)).audit).toContain('parental.game-access-reset');
  });

  it('refuses bad input (zod) and changes nothing', async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    await setFamily(child.accountId, { accessibleProductIds: '9' });
    expectCode(await call.del(parent.b, '/parental/child/release?child_user_no=abc'), 400, '20022');
    expectCode(await call.del(parent.b, '/parental/child/game-access/reset'), 400, '20022');
    expectCode(await call.put(parent.b, '/parental/child/status', { childUserNo: child.accountId }), 400, '20022');
    expectCode(
      await call.put(parent.b, '/parental/child/status', { childUserNo: String(child.accountId), active: false }),
      400,
      '20022',
    );
    expect(await state(child.accountId)).toMatchObject({ status: 1, parentId: parent.accountId });
    expect((await state(parent.accountId)).children).toEqual([
      { child_id: child.accountId, accessible_product_ids: '9' },
    ]);
  });
});

describe('only your own children; a child is never a parent', () => {
  it("another family's child is refused on every call and nothing changes", async () => {
    const parentA = await consentedParent('parent-a');
    const parentB = await consentedParent('parent-b');
    const childB = await childOf(parentB.accountId);
    await setFamily(childB.accountId, { accessibleProductIds: '4' });
    expectCode(await setStatus(parentA.b, childB.accountId, false), 400, '20022');
    expectCode(await release(parentA.b, childB.accountId), 400, '20022');
    expectCode(await resetGames(parentA.b, childB.accountId), 400, '20022');
    expectCode(await setStatus(parentA.b, parentB.accountId, false), 400, '20022');
    expect(await state(childB.accountId)).toMatchObject({ status: 1, parentId: parentB.accountId });
    expect(await state(parentB.accountId)).toMatchObject({
      status: 1,
      children: [{ child_id: childB.accountId, accessible_product_ids: '4' }],
    });
  });

  it('a child calling the parent calls is refused (403 20022), its siblings untouched', async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    const sibling = await childOf(parent.accountId, 'sibling');
    const b = await signedInBrowser(child.accountId);
    expectCode(await setStatus(b, sibling.accountId, false), 403, '20022');
    expectCode(await release(b, sibling.accountId), 403, '20022');
    expectCode(await resetGames(b, sibling.accountId), 403, '20022');
    expectCode(await disable(b), 403, '20022');
    expectCode(await call.post(b, '/parental/controls', {}), 403, 'PARENT_NOT_ELIGIBLE');
    expect((await state(sibling.accountId)).status).toBe(1);
    expect((await state(child.accountId)).isParent).toBe(false);
  });
});

describe('disabling parental controls', () => {
  it('is refused with 20233 while a child remains, then allowed; the parent is no longer one', async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    expectCode(await disable(parent.b), 409, '20233');
    expect((await state(parent.accountId)).isParent).toBe(true);
    expect((await release(parent.b, child.accountId)).status).toBe(200);
    const r = await disable(parent.b);
    expect(r.status, r.text).toBe(200);
    expect(await state(parent.accountId)).toMatchObject({ isParent: false, parentalConsentAt: null });
    expect((await state(parent.accountId)).consents).toHaveLength(1);
    const none = await family(parent.b);
    expect([none.status, none.json]).toEqual([200, NO_FAMILY]);
    expect((await lastMail(parent.email)).text).toContain('Parental controls were turned off');
  });
});

describe('adding a child (child mode)', () => {
  async function minorAccount(tag = 'minor') {
    const m = await adult(tag);
    await setAccount(m.accountId, { birth: { year: new Date().getUTCFullYear() - 9, month: 2 } });
    await setFamily(m.accountId, { isMinor: true });
    return m;
  }
  const childLogin = (b: Browser, email: string, password = PASSWORD) =>
    call.post(b, '/parental/child/login', {
      id: email,
      password,
      captchaToken: 'dev-captcha-pass',
      captchaVersion: 'v3',
    });

  it('links an existing minor by its password; the parent stays signed in', async () => {
    const parent = await consentedParent();
    const minor = await minorAccount();
    const r = await childLogin(parent.b, minor.email);
    expect([r.status, r.json], r.text).toEqual([200, { globalUserNo: minor.accountId }]);
    expect((await state(minor.accountId)).parentId).toBe(parent.accountId);
    expect((await family(parent.b)).json).toMatchObject({
      isParent: true,
      children: [{ isMe: true }, { globalUserNo: minor.accountId }],
    });
    expect((await lastMail(parent.email)).text).toContain(`The child account ${minor.email} was added`);
  });

  it('refuses a wrong password (20002), an adult (DOB_INVALID_FOR_CHILD), another country, another family', async () => {
    const parent = await consentedParent();
    const minor = await minorAccount();
    expectCode(await childLogin(parent.b, minor.email, 'Wrong-Pass-1!'), 401, '20002');
    const grown = await adult('grown');
    expectCode(await childLogin(parent.b, grown.email), 400, 'DOB_INVALID_FOR_CHILD');
    const abroad = await minorAccount('abroad');
    await setAccount(abroad.accountId, { countryCode: 'DE' });
    expectCode(await childLogin(parent.b, abroad.email), 400, '20022');
    const other = await consentedParent('other');
    const theirs = await childOf(other.accountId);
    expectCode(await childLogin(parent.b, theirs.email), 409, '20022');
    expect((await state(parent.accountId)).children).toEqual([]);
    expect((await state(theirs.accountId)).parentId).toBe(other.accountId);
  });

  it('needs a parent with consent recorded', async () => {
    const notYet = await adult();
    expect((await call.post(notYet.b, '/parental/controls', {})).status).toBe(200);
    const minor = await minorAccount();
    expectCode(await childLogin(notYet.b, minor.email), 403, '20022');
    expect((await state(minor.accountId)).parentId).toBeNull();
  });

  async function childSignup(parent: { b: Browser }, email: string, extra: Record<string, unknown> = {}) {
    const v = parent.b;
    expect((await v.post(P.emailRequestCode, { email, language: 'en_US' })).status).toBe(200);
    const { code } = await lastMail(email);
    const init = await v.post(P.signupInit, {});
    const token = (init.json as { signUpSessionToken: string }).signUpSessionToken;
    const year = new Date().getUTCFullYear() - 10;
    return v.post(
      `/api/account/v1/parental/child/signup`,
      signupBody(email, code ?? '', { birthday: `${String(year)}-04-12`, ...extra }),
      { headers: { [SIGNUP_TOKEN_HEADER]: token } },
    );
  }

  it("creates a child account in the parent's country; the child signs in with its password", async () => {
    const parent = await consentedParent();
    const email = uniqueEmail('newchild');
    const r = await childSignup(parent, email);
    expect(r.status, r.text).toBe(200);
    const { globalUserNo } = r.json as { globalUserNo: number };
    expect(await state(globalUserNo)).toMatchObject({ parentId: parent.accountId, status: 1 });
    expect((await lastMail(parent.email)).text).toContain(`The child account ${email} was created`);
    // The parent's session is still the parent's.
    expect((await family(parent.b)).json).toMatchObject({ isParent: true });
    const login = await new Visitor().post(P.login, loginBody({ email, password: NEW_PASSWORD }));
    expect(login.status, login.text).toBe(200);
  });

  it('refuses a birth date that does not make a minor (DOB_INVALID_FOR_CHILD) and another country', async () => {
    const parent = await consentedParent();
    const email = uniqueEmail('oldchild');
    expectCode(await childSignup(parent, email, { birthday: '1990-01-01' }), 400, 'DOB_INVALID_FOR_CHILD');
    expectCode(await childSignup(parent, uniqueEmail('dechild'), { countryCode: 'DE' }), 400, '20022');
    expect((await state(parent.accountId)).children).toEqual([]);
  });
});
