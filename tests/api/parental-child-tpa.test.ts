/**
 * POST /parental/child/login/tpa against workerd and the local OpenID provider (docs/parental-setup.md "A child's
 * provider sign-in"): a consented parent adds an existing minor who proves the account by a provider sign-in
 * started with actionType childLogin on the parent's browser; the child's third-party session is used up, the
 * child linked (audited, the parent emailed), never signed in. The password variant's refusals, 20215 for an
 * identity linked to no account, 20159 without a session, and the attempt limit (20157).
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from './client';
import { adult, call, childOf, consentedParent, expectCode, setAccount, setFamily, state } from './parental-helpers';
import { clock, lastMail, Visitor } from './signin-helpers';
import { callbackFor, newIdentity, T, type TestIdentity } from './social-helpers';

const CHILD_TPA = '/parental/child/login/tpa';

/** A minor (US, 9 years old) whose google identity `identity` is linked (through its own settings). */
async function minorWithIdentity(tag = 'tpa-minor', identity: TestIdentity = newIdentity()) {
  // adult() answers a signed-in player with a verified email: it links the identity in its settings.
  const m = await adult(tag);
  const { code, state: s } = await callbackFor(m.b, 'google', identity, 'locale=en&actionType=socialLink');
  const linked = await m.b.post(T.link, { tpaType: 'google', code, state: s });
  expect(linked.status, linked.text).toBe(200);
  await setAccount(m.accountId, { birth: { year: new Date().getUTCFullYear() - 9, month: 2 } });
  await setFamily(m.accountId, { isMinor: true });
  return { ...m, identity };
}

/** The child's provider sign-in on the parent's browser: start with actionType childLogin → tpa-session-cookie. */
async function childSignsIn(b: Browser, identity: TestIdentity) {
  const { code, state: s } = await callbackFor(b, 'google', identity, 'locale=en&actionType=childLogin');
  const r = await b.post(T.session, { tpaType: 'google', code, state: s });
  expect(r.status, r.text).toBe(200);
  return r.json as { next: string };
}

describe("adding a child by the child's provider sign-in", () => {
  it('links the minor; the parent stays signed in, is emailed, and the session is used up', async () => {
    const parent = await consentedParent('tpa-parent');
    const minor = await minorWithIdentity();
    expect((await childSignsIn(parent.b, minor.identity)).next).toBe('login');
    const r = await call.post(parent.b, CHILD_TPA);
    expect([r.status, r.json], r.text).toEqual([200, { globalUserNo: minor.accountId }]);
    expect((await state(minor.accountId)).parentId).toBe(parent.accountId);
    expect((await lastMail(parent.email)).text).toContain(`The child account ${minor.email} was added`);
    // The parent's own session is still the browser's.
    expect((await call.get(parent.b, '/parental/family-member')).json).toMatchObject({
      children: [{ isMe: true }, { globalUserNo: minor.accountId }],
    });
    // The child was not signed in: the third-party session is gone, and a second call finds none.
    expectCode(await call.post(parent.b, CHILD_TPA), 401, '20159');
    expectCode(await parent.b.post(T.login, { deviceId: 'd', ...clock() }), 401, '20159');
  });

  it('refuses an identity linked to no account (20215) and a missing session (20159), changing nothing', async () => {
    const parent = await consentedParent('tpa-parent-2');
    expectCode(await call.post(parent.b, CHILD_TPA), 401, '20159');
    await childSignsIn(parent.b, newIdentity());
    expectCode(await call.post(parent.b, CHILD_TPA), 404, '20215');
    expect((await state(parent.accountId)).children).toEqual([]);
  });

  it('refuses an adult (DOB_INVALID_FOR_CHILD), another country, another family', async () => {
    const parent = await consentedParent('tpa-parent-3');
    const grown = await minorWithIdentity('tpa-grown');
    await setAccount(grown.accountId, { birth: { year: 1990, month: 2 } });
    await setFamily(grown.accountId, { isMinor: false });
    await childSignsIn(parent.b, grown.identity);
    expectCode(await call.post(parent.b, CHILD_TPA), 400, 'DOB_INVALID_FOR_CHILD');

    const abroad = await minorWithIdentity('tpa-abroad');
    await setAccount(abroad.accountId, { countryCode: 'DE' });
    await childSignsIn(parent.b, abroad.identity);
    expectCode(await call.post(parent.b, CHILD_TPA), 400, '20022');

    const other = await consentedParent('tpa-other');
    const theirs = await minorWithIdentity('tpa-theirs');
    await setFamily(theirs.accountId, { isMinor: true, parentId: other.accountId });
    await childSignsIn(parent.b, theirs.identity);
    expectCode(await call.post(parent.b, CHILD_TPA), 409, '20022');

    expect((await state(parent.accountId)).children).toEqual([]);
    expect((await state(theirs.accountId)).parentId).toBe(other.accountId);
    expect((await state(abroad.accountId)).parentId).toBeNull();
  });

  it('needs a signed-in parent with consent recorded; the session stays for nobody else', async () => {
    const notYet = await adult('tpa-not-yet');
    const minor = await minorWithIdentity('tpa-minor-2');
    await childSignsIn(notYet.b, minor.identity);
    expectCode(await call.post(notYet.b, CHILD_TPA), 403, '20022');
    expect((await state(minor.accountId)).parentId).toBeNull();
    const anonymous = new Visitor();
    await childSignsIn(anonymous, minor.identity);
    expect((await call.post(anonymous, CHILD_TPA)).status).toBe(401);
  });

  it('the parent itself cannot be added as its own child', async () => {
    const parent = await consentedParent('tpa-parent-4');
    const own = await childOf(parent.accountId, 'tpa-own');
    // The parent's own identity: the parent is not a child.
    const self = newIdentity();
    const { code, state: s } = await callbackFor(parent.b, 'google', self, 'locale=en&actionType=socialLink');
    expect((await parent.b.post(T.link, { tpaType: 'google', code, state: s })).status).toBe(200);
    await childSignsIn(parent.b, self);
    expectCode(await call.post(parent.b, CHILD_TPA), 409, '20022');
    expect((await state(own.accountId)).parentId).toBe(parent.accountId);
  });

  it('bad input answers 20022 and keeps the session', async () => {
    const parent = await consentedParent('tpa-parent-5');
    const minor = await minorWithIdentity('tpa-minor-3');
    await childSignsIn(parent.b, minor.identity);
    expectCode(await call.post(parent.b, CHILD_TPA, { id: 'x' }), 400, '20022');
    expect((await call.post(parent.b, CHILD_TPA)).status).toBe(200);
  });

  it('limits the attempts per parent (20157), reserved before the session is used', async () => {
    const parent = await consentedParent('tpa-parent-6');
    for (let i = 0; i < 10; i += 1) expectCode(await call.post(parent.b, CHILD_TPA), 401, '20159');
    const minor = await minorWithIdentity('tpa-minor-4');
    await childSignsIn(parent.b, minor.identity);
    expect((await call.post(parent.b, CHILD_TPA)).code).toBe('20157');
    expect((await state(minor.accountId)).parentId).toBeNull();
  });
});
