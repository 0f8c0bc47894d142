/**
 * The minors' side against workerd (docs/parental.md "Minors' terms" and
 * "Suspension"): a minor in a family whose terms are outstanding stops at
 * 20256 and the parent is emailed a 6-character code; consent-by-parent
 * checks it (20068 on a wrong, used or replaced code; tries reserved, so of
 * parallel tries exactly one wins and a burst is locked), then login complete
 * signs the minor in. A child with too many failed sign-ins is suspended
 * (20226) until the parent reactivates it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setClock } from './client';
import { lastMail, loginBody, mailbox, P, Visitor } from './signin-helpers';
import { childOf, consentedParent, expectCode, PASSWORD, setAccount, setStatus, state } from './parental-helpers';

afterEach(() => setClock(0));

const byParent = (v: Visitor, verificationCode: string, consentLocation = 'WEB') =>
  v.post(`${P.consent}-by-parent`, { consentLocation, verificationCode });
const resend = (v: Visitor) => v.post('/api/account/v1/no-auth/terms/request-code-to-parent', {});
const complete = (v: Visitor) => v.post(P.complete, { deviceId: 'device-default' });

async function minorWaitingForTerms() {
  const parent = await consentedParent();
  const child = await childOf(parent.accountId);
  await setAccount(child.accountId, { termsAccepted: false });
  return { parent, child };
}

/** The minor's sign-in, paused at 20256; returns the visitor with its pending session. */
async function pausedSignIn(email: string): Promise<Visitor> {
  const v = new Visitor();
  const r = await v.post(P.login, loginBody({ email, password: PASSWORD }));
  expectCode(r, 403, '20256');
  return v;
}

async function parentCode(parentEmail: string): Promise<string> {
  const mail = await lastMail(parentEmail);
  if (mail.code === undefined) throw new Error('No parent code');
  return mail.code;
}

function otherCode(code: string): string {
  return code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
}

describe("a minor's terms need the parent's code (20256)", () => {
  it('pauses the sign-in, emails the parent a 6-character code; the code completes the sign-in', async () => {
    const { parent, child } = await minorWaitingForTerms();
    const v = await pausedSignIn(child.email);
    const mail = await lastMail(parent.email);
    expect(mail.subject).toBe('Your child needs your consent to the Lumenforge Terms of Use');
    expect(mail.text).toContain(child.email);
    const code = await parentCode(parent.email);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    // The minor cannot accept the terms alone.
    expectCode(await v.post(P.consent, { consentLocation: 'WEB' }), 403, '20256');
    expectCode(await complete(v), 403, '20256');
    // Typed in lower case: the code compares case-insensitively.
    const r = await byParent(v, code.toLowerCase(), 'LAUNCHER');
    expect(r.status, r.text).toBe(200);
    expect((await state(child.accountId)).termsAcceptedAt).not.toBeNull();
    expect((await state(child.accountId)).audit).toContain('terms.accepted-by-parent');
    expect((await state(parent.accountId)).audit).toContain('parental.terms-consented');
    expect((await lastMail(parent.email)).text).toContain(`recorded for the child account ${child.email}`);
    const done = await complete(v);
    expect(done.status, done.text).toBe(200);
  });

  it('a wrong code is 20068 and changes nothing; a used code is 20068', async () => {
    const { parent, child } = await minorWaitingForTerms();
    const v = await pausedSignIn(child.email);
    const code = await parentCode(parent.email);
    expectCode(await byParent(v, otherCode(code)), 400, '20068');
    expect((await state(child.accountId)).termsAcceptedAt).toBeNull();
    expect((await byParent(v, code)).status).toBe(200);
    // Terms are current now: nothing waits for a parent's code.
    expectCode(await byParent(v, code), 400, '20022');
  });

  it('request-code-to-parent sends a new code; the earlier one stops working', async () => {
    const { parent, child } = await minorWaitingForTerms();
    const v = await pausedSignIn(child.email);
    const first = await parentCode(parent.email);
    const before = (await mailbox(parent.email)).length;
    expect((await resend(v)).status).toBe(200);
    expect((await mailbox(parent.email)).length).toBe(before + 1);
    const second = await parentCode(parent.email);
    if (first !== second) expectCode(await byParent(v, first), 400, '20068');
    expect((await byParent(v, second)).status).toBe(200);
  });

  it('of parallel tries with the right code exactly one wins', async () => {
    const { parent, child } = await minorWaitingForTerms();
    const v = await pausedSignIn(child.email);
    const code = await parentCode(parent.email);
    const replies = await Promise.all(Array.from({ length: 4 }, () => byParent(v, code)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 400)).toBe(true);
  });

  it('tries are reserved: a parallel burst of wrong codes locks code entry (20157), even for the right code', async () => {
    const { parent, child } = await minorWaitingForTerms();
    const v = await pausedSignIn(child.email);
    const code = await parentCode(parent.email);
    const burst = await Promise.all(Array.from({ length: 8 }, () => byParent(v, otherCode(code))));
    expect(burst.filter((r) => r.code === '20068').length).toBeLessThanOrEqual(5);
    expect(burst.some((r) => r.code === '20157')).toBe(true);
    expectCode(await byParent(v, code), 429, '20157');
    expect((await state(child.accountId)).termsAcceptedAt).toBeNull();
  });

  it('sends are capped per child (20157), the pause still answers 20256', async () => {
    const { parent, child } = await minorWaitingForTerms();
    const v = await pausedSignIn(child.email);
    for (let i = 0; i < 4; i += 1) expect((await resend(v)).status).toBe(200);
    expectCode(await resend(v), 429, '20157');
    await pausedSignIn(child.email);
    expect((await mailbox(parent.email)).filter((m) => m.code !== undefined)).toHaveLength(5);
  });

  it('refuses bad input (zod): a short code, a non-alphanumeric one, a missing location', async () => {
    const { child } = await minorWaitingForTerms();
    const v = await pausedSignIn(child.email);
    for (const body of [
      { consentLocation: 'WEB', verificationCode: 'ABC' },
      { consentLocation: 'WEB', verificationCode: 'AB-CD1' },
      { verificationCode: 'ABCDEF' },
    ])
      expectCode(await v.post(`${P.consent}-by-parent`, body), 400, '20022');
    expect((await state(child.accountId)).termsAcceptedAt).toBeNull();
  });

  it('needs a sign-in in progress, and an adult (no parent) is told to consent itself', async () => {
    expect(
      (await new Visitor().post(`${P.consent}-by-parent`, { consentLocation: 'WEB', verificationCode: 'ABCDEF' }))
        .status,
    ).toBe(401);
    const parent = await consentedParent();
    await setAccount(parent.accountId, { termsAccepted: false });
    const v = new Visitor();
    expectCode(await v.post(P.login, loginBody({ email: parent.email, password: PASSWORD })), 403, '20255');
    expectCode(await resend(v), 400, '20022');
  });
});

describe('a child suspended for failed sign-ins (20226)', () => {
  it('10 wrong passwords suspend the child and email the parent; the parent reactivates it', async () => {
    const { parent, child } = await (async () => {
      const p = await consentedParent();
      return { parent: p, child: await childOf(p.accountId) };
    })();
    for (let i = 0; i < 10; i += 1) {
      const r = await new Visitor().post(P.login, loginBody({ email: child.email, password: 'Wrong-Pass-1!' }));
      expect(r.code).toBe('20002');
    }
    expect((await state(child.accountId)).status).toBe(2);
    expect((await lastMail(parent.email)).text).toContain('suspended after too many failed sign-ins');
    const right = () =>
      new Visitor().post(P.login, loginBody({ email: child.email, password: PASSWORD }, { captchaVersion: 'v2' }));
    expectCode(await right(), 403, '20226');
    expect((await setStatus(parent.b, child.accountId, true)).status).toBe(200);
    expect((await state(child.accountId)).status).toBe(1);
    const r = await right();
    expect(r.status, r.text).toBe(200);
  });
});
