/**
 * Email verification by link against workerd (spec §4 "Account
 * verification", §9: 24 hours): the link from sign-up, single use, expiry
 * with the controllable clock, replacement by a newer link, a fresh link on
 * request (signed in, or from an expired or replaced link), the send cap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE, setClock } from './client';
import { lastLinkToken, mailbox, P, signUp, Visitor } from './signin-helpers';

afterEach(() => setClock(0));

const HOUR = 60 * MINUTE;

async function verified(v: Visitor): Promise<boolean> {
  const r = await v.get(P.account);
  expect(r.status).toBe(200);
  return (r.json as { isVerified: boolean }).isVerified;
}

describe('verification link', () => {
  it('verifies the email once; a second use says it is already verified', async () => {
    const { v, email } = await signUp();
    const token = await lastLinkToken(email);
    expect(await verified(v)).toBe(false);
    const first = await new Visitor().post(P.verifyLink, { token });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ email, alreadyVerified: false });
    expect(await verified(v)).toBe(true);
    const again = await new Visitor().post(P.verifyLink, { token });
    expect(again.json).toEqual({ email, alreadyVerified: true });
  });

  it('is valid for 24 hours, then answers 20018', async () => {
    const { email } = await signUp();
    const token = await lastLinkToken(email);
    await setClock(24 * HOUR + MINUTE);
    const r = await new Visitor().post(P.verifyLink, { token });
    expect(r.status).toBe(410);
    expect(r.code).toBe('20018');
  });

  it('works up to the end of its 24 hours', async () => {
    const { v, email } = await signUp();
    const token = await lastLinkToken(email);
    await setClock(24 * HOUR - MINUTE);
    expect((await new Visitor().post(P.verifyLink, { token })).status).toBe(200);
    // Back to the present, where the sign-up's session is still alive.
    await setClock(0);
    expect(await verified(v)).toBe(true);
  });

  it('an expired link gets a fresh one on request; the old one is then refused (20068)', async () => {
    const { v, email } = await signUp();
    const old = await lastLinkToken(email);
    await setClock(25 * HOUR);
    const resend = await new Visitor().post(P.resendLink, { token: old, language: 'fr_FR' });
    expect(resend.status, resend.text).toBe(200);
    expect(resend.json).toEqual({ alreadyVerified: false });
    const [mail] = await mailbox(email);
    expect(mail?.subject).toBe('Vérifiez votre adresse e-mail');
    expect(mail?.link).toContain('/account/fr/verify-email?token=');
    const fresh = await lastLinkToken(email);
    expect(fresh).not.toBe(old);
    expect((await new Visitor().post(P.verifyLink, { token: old })).code).toBe('20068');
    expect((await new Visitor().post(P.verifyLink, { token: fresh })).status).toBe(200);
    await setClock(0);
    expect(await verified(v)).toBe(true);
  });

  it('a new link replaces the previous one (signed-in request)', async () => {
    const { v, email } = await signUp();
    const first = await lastLinkToken(email);
    expect((await v.post(P.requestVerifyEmail, { language: 'en_US' })).status).toBe(200);
    const second = await lastLinkToken(email);
    expect(second).not.toBe(first);
    const replaced = await new Visitor().post(P.verifyLink, { token: first });
    expect(replaced.status).toBe(400);
    expect(replaced.code).toBe('20068');
    expect((await new Visitor().post(P.verifyLink, { token: second })).status).toBe(200);
  });

  it('resend for a verified account sends nothing and says so', async () => {
    const { v, email } = await signUp();
    const token = await lastLinkToken(email);
    await new Visitor().post(P.verifyLink, { token });
    const before = (await mailbox(email)).length;
    expect((await new Visitor().post(P.resendLink, { token, language: 'en_US' })).json).toEqual({
      alreadyVerified: true,
    });
    expect((await v.post(P.requestVerifyEmail, { language: 'en_US' })).status).toBe(200);
    expect(await mailbox(email)).toHaveLength(before);
  });

  it('unknown tokens are 20068; malformed ones 20022', async () => {
    const v = new Visitor();
    expect((await v.post(P.verifyLink, { token: 'A'.repeat(43) })).code).toBe('20068');
    expect((await v.post(P.resendLink, { token: 'A'.repeat(43), language: 'en_US' })).code).toBe('20068');
    expect((await v.post(P.verifyLink, {})).code).toBe('20022');
    expect((await v.post(P.verifyLink, { token: 'x'.repeat(5000) })).code).toBe('20022');
  });

  it('requesting a link needs a signed-in session (20001)', async () => {
    const r = await new Visitor().post(P.requestVerifyEmail, { language: 'en_US' });
    expect(r.status).toBe(401);
    expect(r.code).toBe('20001');
  });

  it('sends at most 5 links an hour per account (20157)', async () => {
    const { v, email } = await signUp();
    // Sign-up sent the first.
    for (let i = 0; i < 4; i++) expect((await v.post(P.requestVerifyEmail, { language: 'en_US' })).status).toBe(200);
    const r = await v.post(P.requestVerifyEmail, { language: 'en_US' });
    expect(r.status).toBe(429);
    expect(r.code).toBe('20157');
    expect(await mailbox(email)).toHaveLength(6); // the code email and 5 links
  });
});
