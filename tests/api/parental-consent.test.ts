/**
 * Parental controls setup against workerd with the local payment provider
 * (docs/parental.md): the family list and 20002, who can be a parent, and
 * verifiable parental consent by card ($1 charged and refunded at once, a
 * declined card, a refund that fails first, another account's card) and by
 * SMS (20229 once complete), with bad input refused and nothing changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, setClock } from './client';
import { lastMail } from './signin-helpers';
import { lastSmsCode, mailbox, uniquePhone } from './two-factor-helpers';
import {
  addCard,
  adult,
  call,
  CAPTCHA,
  childOf,
  consentedParent,
  expectCode,
  family,
  NO_FAMILY,
  payByCard,
  setAccount,
  setFamily,
  signedInBrowser,
  state,
} from './parental-helpers';

afterEach(() => setClock(0));

const start = (b: Parameters<typeof family>[0]) => call.post(b, '/parental/controls', {});

describe('the family list', () => {
  it('answers an empty family (200, no children) for an account in no family: no error in the console', async () => {
    const p = await adult();
    const r = await family(p.b);
    expect([r.status, r.json]).toEqual([200, NO_FAMILY]);
  });

  it("lists the parent's own entry first (isMe), then the children with status and games", async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    await setFamily(child.accountId, { accessibleProductIds: '11,12' });
    const r = await family(parent.b);
    expect(r.status, r.text).toBe(200);
    const body = r.json as { isParent: boolean; isParentalSet: boolean; parent: unknown; children: unknown[] };
    expect(body.isParent).toBe(true);
    expect(body.isParentalSet).toBe(true);
    expect(body.parent).toBeNull();
    expect(body.children).toEqual([
      expect.objectContaining({ globalUserNo: parent.accountId, email: parent.email, isMe: true }),
      {
        globalUserNo: child.accountId,
        status: 1,
        email: child.email,
        name: '',
        accessibleProductId: '11,12',
        isMe: false,
      },
    ]);
  });

  it("shows a child its own entry and its parent's email", async () => {
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    const b = await signedInBrowser(child.accountId);
    const r = await family(b);
    expect(r.json).toMatchObject({
      isParent: false,
      parent: { email: parent.email },
      children: [{ globalUserNo: child.accountId, isMe: true }],
    });
  });
});

describe('setup start (who can be a parent)', () => {
  it('marks an adult with a verified email a parent, consent still to come; audited and emailed', async () => {
    const p = await adult();
    const r = await start(p.b);
    expect([r.status, r.json]).toEqual([200, { isParent: true, isParentalSet: false }]);
    expect(await state(p.accountId)).toMatchObject({ isParent: true, parentalConsentAt: null });
    expect((await state(p.accountId)).audit).toContain('parental.started');
    expect((await lastMail(p.email)).text).toContain('Parental controls setup was started');
    expect((await family(p.b)).json).toMatchObject({ isParent: true, isParentalSet: false });
    // Starting again changes nothing.
    expect((await start(p.b)).status).toBe(200);
  });

  it('refuses a minor, a child account and an unverified email (PARENT_NOT_ELIGIBLE), changing nothing', async () => {
    const minor = await adult('minor');
    await setFamily(minor.accountId, { isMinor: true });
    expectCode(await start(minor.b), 403, 'PARENT_NOT_ELIGIBLE');
    const young = await adult('young');
    await setAccount(young.accountId, { birth: { year: new Date().getUTCFullYear() - 12, month: 1 } });
    expectCode(await start(young.b), 403, 'PARENT_NOT_ELIGIBLE');
    const parent = await consentedParent();
    const child = await childOf(parent.accountId);
    await setFamily(child.accountId, { isMinor: false });
    await setAccount(child.accountId, { birth: { year: 1990, month: 1 }, emailVerified: true });
    const childBrowser = await signedInBrowser(child.accountId);
    expectCode(await start(childBrowser), 403, 'PARENT_NOT_ELIGIBLE');
    const unverified = await adult('unverified');
    await setAccount(unverified.accountId, { emailVerified: false });
    expectCode(await start(unverified.b), 403, 'PARENT_NOT_ELIGIBLE');
    for (const p of [minor, young, child, unverified]) expect((await state(p.accountId)).isParent).toBe(false);
  });

  it('refuses bad input and a signed-out caller', async () => {
    const p = await adult();
    expectCode(await call.post(p.b, '/parental/controls', { extra: 1 }), 400, '20022');
    expect((await state(p.accountId)).isParent).toBe(false);
    expect((await start(new Browser())).status).toBe(401);
  });
});

describe('consent by card', () => {
  async function startedParent(tag = 'vpc') {
    const p = await adult(tag);
    expect((await start(p.b)).status).toBe(200);
    return p;
  }

  it('charges $1 and refunds it at once; records method, location, provider reference; emails the parent', async () => {
    const p = await startedParent();
    const card = await addCard(p.b);
    const r = await payByCard(p.b, card, 'LAUNCHER');
    expect([r.status, r.json], r.text).toEqual([
      200,
      { amountCents: 100, currency: 'USD', last4: '4242', refunded: true },
    ]);
    const s = await state(p.accountId);
    expect(s.parentalConsentAt).not.toBeNull();
    expect(s.payments).toHaveLength(1);
    expect(s.payments[0]).toMatchObject({ amount_cents: 100, status: 'refunded' });
    expect(s.charges).toEqual([
      expect.objectContaining({ status: 'refunded', charge_ref: s.payments[0]?.id, refund_attempts: 1, last4: '4242' }),
    ]);
    expect(s.consents).toEqual([
      {
        method: 'card',
        consent_location: 'LAUNCHER',
        provider_ref: s.payments[0]?.id,
        refund_ref: expect.any(String) as string,
      },
    ]);
    expect(s.audit).toContain('parental.consent-recorded');
    expect((await lastMail(p.email)).text).toContain('$1.00 was charged and refunded at once');
    expect((await call.get(p.b, '/parental/vpc/completion/check')).json).toEqual({ isCompleted: true });
    expect((await call.get(p.b, '/parental/vpc/requirement/check')).json).toEqual({ isRequired: false });
    expect((await family(p.b)).json).toMatchObject({ isParentalSet: true });
    // Complete already: 20229, and no second charge.
    expectCode(await payByCard(p.b, card), 409, '20229');
    expect((await state(p.accountId)).payments).toHaveLength(1);
  });

  it('a card whose first refund fails is refunded by the retry: never left charged', async () => {
    const p = await startedParent();
    const card = await addCard(p.b, '4000000000005126');
    const r = await payByCard(p.b, card);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ refunded: true, last4: '5126' });
    const s = await state(p.accountId);
    expect(s.payments).toEqual([expect.objectContaining({ status: 'refunded', refund_attempts: 2 })]);
    expect(s.charges).toEqual([expect.objectContaining({ status: 'refunded', refund_attempts: 2 })]);
    expect(s.consents).toHaveLength(1);
  });

  it('a declined card records nothing: no consent, no charge, no payment', async () => {
    const p = await startedParent();
    const card = await addCard(p.b, '4000000000000341');
    expectCode(await payByCard(p.b, card), 402, 'CARD_DECLINED');
    const s = await state(p.accountId);
    expect([s.parentalConsentAt, s.consents, s.charges, s.payments]).toEqual([null, [], [], []]);
    expect((await call.get(p.b, '/parental/vpc/completion/check')).json).toEqual({ isCompleted: false });
    // A good card afterwards still works.
    expect((await payByCard(p.b, await addCard(p.b))).status).toBe(200);
  });

  it("refuses another account's card and an unknown one, charging nothing", async () => {
    const p = await startedParent();
    const other = await adult('other');
    const theirs = await addCard(other.b);
    expectCode(await payByCard(p.b, theirs), 400, '20022');
    expectCode(await payByCard(p.b, `pm_${'A'.repeat(43)}`), 400, '20022');
    expect(await state(p.accountId)).toMatchObject({ parentalConsentAt: null, charges: [], payments: [] });
    expect((await state(other.accountId)).payments).toEqual([]);
  });

  it('refuses bad input (zod) with nothing recorded', async () => {
    const p = await startedParent();
    const card = await addCard(p.b);
    for (const body of [
      { paymentMethodId: card, ...CAPTCHA },
      { paymentMethodId: card, consentLocation: 'PHONE', ...CAPTCHA },
      { paymentMethodId: 42, consentLocation: 'WEB', ...CAPTCHA },
      { paymentMethodId: card, consentLocation: 'WEB', cardNumber: '4242424242424242', ...CAPTCHA },
      // The card step's captcha is required (issue 26 §3).
      { paymentMethodId: card, consentLocation: 'WEB' },
    ])
      expectCode(await call.post(p.b, '/parental/vpc/card', body), 400, '20022');
    expect(await state(p.accountId)).toMatchObject({ parentalConsentAt: null, charges: [], payments: [] });
  });

  it('refuses an account that did not start setup (not a parent)', async () => {
    const p = await adult();
    const card = await addCard(p.b);
    expectCode(await payByCard(p.b, card), 403, '20022');
    expect((await state(p.accountId)).payments).toEqual([]);
  });

  it('two parallel consents charge and record once; the other answers 20229 or is refunded too', async () => {
    const p = await startedParent();
    const card = await addCard(p.b);
    const replies = await Promise.all([payByCard(p.b, card), payByCard(p.b, card)]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const s = await state(p.accountId);
    expect(s.consents).toHaveLength(1);
    // Whatever was charged went back.
    expect(s.payments.every((x) => x.status === 'refunded')).toBe(true);
    expect(s.charges.every((x) => x.status === 'refunded')).toBe(true);
  });
});

describe('consent by SMS', () => {
  it('texts a code to the phone; a wrong code is 20013; the right one records consent; then 20229', async () => {
    const p = await adult('sms');
    expect((await start(p.b)).status).toBe(200);
    const phoneNo = uniquePhone();
    const sent = await call.post(p.b, '/parental/vpc/sms/code', { phoneNo, language: 'en_US' });
    expect(sent.status, sent.text).toBe(200);
    const code = await lastSmsCode(phoneNo);
    const wrong = code === '000000' ? '111111' : '000000';
    expectCode(
      await call.put(p.b, '/parental/vpc/sms/complete', { phoneNo, verificationCode: wrong, consentLocation: 'WEB' }),
      400,
      '20013',
    );
    expect((await state(p.accountId)).consents).toEqual([]);
    const r = await call.put(p.b, '/parental/vpc/sms/complete', {
      phoneNo,
      verificationCode: code,
      consentLocation: 'WEB',
    });
    expect(r.status, r.text).toBe(200);
    const s = await state(p.accountId);
    expect(s.consents).toEqual([
      {
        method: 'sms',
        consent_location: 'WEB',
        provider_ref: expect.stringMatching(/^\+1\*+\d{4}$/) as string,
        refund_ref: null,
      },
    ]);
    expect((await mailbox(p.email))[0]?.text).toContain('Parental consent was verified with the phone number');
    expectCode(
      await call.put(p.b, '/parental/vpc/sms/complete', { phoneNo, verificationCode: code, consentLocation: 'WEB' }),
      409,
      '20229',
    );
  });

  it('refuses bad input: an invalid number, a short code, a missing location', async () => {
    const p = await adult('sms-bad');
    expect((await start(p.b)).status).toBe(200);
    expectCode(await call.post(p.b, '/parental/vpc/sms/code', { phoneNo: '12345', language: 'en_US' }), 400, '20022');
    const phoneNo = uniquePhone();
    expectCode(
      await call.put(p.b, '/parental/vpc/sms/complete', { phoneNo, verificationCode: '123', consentLocation: 'WEB' }),
      400,
      '20022',
    );
    expectCode(
      await call.put(p.b, '/parental/vpc/sms/complete', { phoneNo, verificationCode: '123456' }),
      400,
      '20022',
    );
    expect((await state(p.accountId)).consents).toEqual([]);
  });
});
