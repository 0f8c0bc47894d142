/**
 * acr and amr (OIDC Core §2, RFC 8176) and the `acr_values` step-up (issue 27; docs/identity-provider.md "acr and
 * amr"), with openid-client 6 as the relying party: the ID token says what the sign-in did (pwd, otp, mfa…), a
 * request asking for the second factor makes a password-only session verify one first, and an account without
 * any second factor is answered `unmet_authentication_requirements`.
 */
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { Browser } from './client';
import { OIDC, signedIn } from './oidc-helpers';
import { decide, finish, inspect, rp, start } from './oidc-rp';
import { player } from './signin-helpers';
import {
  apiNow,
  enableSms,
  enableTotp,
  lastSmsCode,
  newPlayer,
  pendingSignIn,
  SMS_BODY,
  STEP_MS,
  totpCode,
} from './two-factor-helpers';

const ONE = 'urn:lumenforge:acr:1fa';
const TWO = 'urn:lumenforge:acr:2fa';
const VERIFY_IN_SESSION = '/api/account/v1/mfa/settings/verify';
const SMS_CODE = '/api/account/v1/no-auth/sms/request-code';
const nextCode = async (secret: string, steps = 1) => totpCode(secret, (await apiNow()) + steps * STEP_MS);

async function codeFlow(v: Browser, extra: Record<string, string> = {}) {
  const config = await rp();
  const flow = await start(config, extra);
  return { config, flow, answer: await inspect(v, flow) };
}

async function idTokenOf(v: Browser, extra: Record<string, string> = {}) {
  const { config, flow } = await codeFlow(v, extra);
  const tokens = await finish(config, flow, await decide(v, flow));
  return (tokens.claims() ?? {}) as Record<string, unknown>;
}

/** A player signed in with the password only (real login), who then turned the authenticator on. */
async function passwordOnlyWithTotp() {
  const p = await player({}, 'oidc-acr-step');
  const v = await signedIn(p);
  const secret = await enableTotp({ b: v, accountId: p.accountId, email: p.email });
  return { p, v, secret };
}

describe('acr and amr in the ID token', () => {
  it('advertises the classes and the claims in discovery', async () => {
    const meta = (await rp()).serverMetadata();
    expect(meta.acr_values_supported).toEqual([ONE, TWO]);
    expect(meta.claims_supported).toEqual(expect.arrayContaining(['acr', 'amr']));
  });

  it('says pwd and one factor for a password sign-in', async () => {
    const v = await signedIn(await player({}, 'oidc-acr-pwd'));
    const claims = await idTokenOf(v);
    expect(claims.acr).toBe(ONE);
    expect(claims.amr).toEqual(['pwd']);
  });

  it('says pwd, otp and mfa after the sign-in second step, and needs no step-up then', async () => {
    const p = await newPlayer('oidc-acr-2fa');
    const secret = await enableTotp(p);
    const b = await pendingSignIn(p);
    const verified = await b.request('PUT', '/api/account/v1/no-auth/trusted-device/verify', {
      body: {
        email: p.email,
        deviceId: 'device-test-1',
        verificationCode: await nextCode(secret),
        authType: 'TOTP',
        rememberMe: false,
      },
    });
    expect(verified.status, verified.text).toBe(200);
    // The dev RP is a third party: its consent screen, no step-up.
    expect((await codeFlow(b, { acr_values: TWO })).answer.kind).toBe('consent');
    const claims = await idTokenOf(b, { acr_values: TWO });
    expect(claims.acr).toBe(TWO);
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('claims no method for a session the portal did not see signed in (a dev hand-off): one factor, no amr', async () => {
    const p = await newPlayer('oidc-acr-none');
    const claims = await idTokenOf(p.b);
    expect(claims.acr).toBe(ONE);
    expect(claims.amr).toBeUndefined();
  });
});

describe('acr_values asking for the second factor', () => {
  it('has a password-only session verify the second factor first, then issues the code with mfa', async () => {
    const { v, secret } = await passwordOnlyWithTotp();
    const { config, flow, answer } = await codeFlow(v, { acr_values: TWO });
    expect(answer).toEqual({ kind: 'step-up', method: 'TOTP' });

    // A decision without the second factor gets no code.
    const early = await decide(v, flow);
    expect(early.searchParams.get('error')).toBe('interaction_required');
    expect(early.searchParams.get('code')).toBeNull();
    expect(early.searchParams.get('state')).toBe(flow.state);

    // The settings verification screen's call: the session now has the second factor.
    const r = await v.request('PUT', VERIFY_IN_SESSION, { body: { authType: 'TOTP', code: await nextCode(secret) } });
    expect(r.status, r.text).toBe(200);
    expect(await inspect(v, flow)).toMatchObject({ kind: 'consent' });
    const tokens = await finish(config, flow, await decide(v, flow));
    expect(tokens.claims()?.acr).toBe(TWO);
    expect(tokens.claims()?.amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('answers prompt=none that needs the step-up with interaction_required, never a code', async () => {
    const { v } = await passwordOnlyWithTotp();
    const { flow, answer } = await codeFlow(v, { acr_values: TWO, prompt: 'none' });
    expect(answer.kind).toBe('error');
    const back = new URL(answer.redirectTo ?? '');
    expect(back.searchParams.get('error')).toBe('interaction_required');
    expect(back.searchParams.get('state')).toBe(flow.state);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('asks an SMS-only account for its texted code', async () => {
    const p = await newPlayer('oidc-acr-sms');
    await enableSms(p);
    expect((await codeFlow(p.b, { acr_values: TWO })).answer).toEqual({ kind: 'step-up', method: 'SMS' });
  });

  it('steps an SMS-only account up with its texted code, then issues the code with sms and mfa', async () => {
    const p = await player({}, 'oidc-acr-sms-code');
    const v = await signedIn(p);
    const phone = await enableSms({ b: v, accountId: p.accountId, email: p.email });
    const { config, flow, answer } = await codeFlow(v, { acr_values: TWO });
    expect(answer).toEqual({ kind: 'step-up', method: 'SMS' });
    // The verify-sms screen texts a code to the account's phone (found by the email), as settings verification does.
    const sent = await v.post(SMS_CODE, { email: p.email, ...SMS_BODY });
    expect(sent.status, sent.text).toBe(200);
    const texted = await lastSmsCode(phone);
    // A wrong code verifies nothing: still no code for the client.
    const wrong = await v.request('PUT', VERIFY_IN_SESSION, {
      body: { authType: 'SMS', code: texted === '000000' ? '111111' : '000000' },
    });
    expect(wrong.code).toBe('20013');
    expect((await decide(v, flow)).searchParams.get('error')).toBe('interaction_required');
    const r = await v.request('PUT', VERIFY_IN_SESSION, { body: { authType: 'SMS', code: texted } });
    expect(r.status, r.text).toBe(200);
    expect(await inspect(v, flow)).toMatchObject({ kind: 'consent' });
    const callback = await decide(v, flow);
    expect(callback.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback.searchParams.get('state')).toBe(flow.state);
    const claims = (await finish(config, flow, callback)).claims();
    expect(claims?.acr).toBe(TWO);
    expect(claims?.amr).toEqual(['pwd', 'sms', 'mfa']);
  });

  it('does not count an emailed settings code as a second factor', async () => {
    const { v } = await passwordOnlyWithTotp();
    const wrongKind = await v.request('PUT', VERIFY_IN_SESSION, { body: { authType: 'EMAIL', code: '000000' } });
    expect(wrongKind.status).toBe(400);
    expect((await codeFlow(v, { acr_values: TWO })).answer.kind).toBe('step-up');
  });

  it('answers unmet_authentication_requirements for an account without any second factor', async () => {
    const v = await signedIn(await player({}, 'oidc-acr-unmet'));
    for (const extra of [{ acr_values: TWO }, { acr_values: TWO, prompt: 'none' }]) {
      const { flow, answer } = await codeFlow(v, extra);
      expect(answer.kind).toBe('error');
      const back = new URL(answer.redirectTo ?? '');
      expect(back.searchParams.get('error')).toBe('unmet_authentication_requirements');
      expect(back.searchParams.get('state')).toBe(flow.state);
      // A decision is refused the same way.
      expect((await decide(v, flow)).searchParams.get('error')).toBe('unmet_authentication_requirements');
    }
  });

  it('passes over unknown acr_values (the conformance suite sends "1 2") and honours the order of preference', async () => {
    const { v } = await passwordOnlyWithTotp();
    const unknown = await idTokenOf(v, { acr_values: '1 2' });
    expect(unknown.acr).toBe(ONE);
    expect((await codeFlow(v, { acr_values: `${ONE} ${TWO}` })).answer.kind).toBe('approved');
    expect((await codeFlow(v, { acr_values: `urn:other ${TWO} ${ONE}` })).answer.kind).toBe('step-up');
  });

  it('refuses an over-long acr_values with invalid_request', async () => {
    const v = await signedIn(await player({}, 'oidc-acr-long'));
    const { answer } = await codeFlow(v, { acr_values: 'x'.repeat(600) });
    expect(new URL(answer.redirectTo ?? '').searchParams.get('error')).toBe('invalid_request');
  });
});

describe("refresh and device grants keep the sign-in's auth_time, acr and amr (Core §12.2)", () => {
  /** A password sign-in that verified the authenticator later in the session: pwd, otp, mfa. */
  async function twoFactorSession() {
    const { v, secret } = await passwordOnlyWithTotp();
    const r = await v.request('PUT', VERIFY_IN_SESSION, { body: { authType: 'TOTP', code: await nextCode(secret) } });
    expect(r.status, r.text).toBe(200);
    return v;
  }

  it('repeats them in the ID token of every refresh, without a nonce', async () => {
    const v = await twoFactorSession();
    const { config, flow } = await codeFlow(v, { acr_values: TWO });
    const first = await finish(config, flow, await decide(v, flow));
    const signIn = first.claims();
    expect(signIn).toMatchObject({ acr: TWO, amr: ['pwd', 'otp', 'mfa'], nonce: flow.nonce });
    expect(typeof signIn?.auth_time).toBe('number');
    let refresh = first.refresh_token ?? '';
    // Twice: the rotated token carries them on too.
    for (let i = 0; i < 2; i++) {
      const next = await client.refreshTokenGrant(config, refresh);
      const claims = next.claims();
      expect(claims).toMatchObject({ sub: signIn?.sub, auth_time: signIn?.auth_time, acr: TWO });
      expect(claims?.amr).toEqual(['pwd', 'otp', 'mfa']);
      expect(claims?.nonce).toBeUndefined();
      // A narrower scope changes what is released, not what the sign-in did.
      refresh = next.refresh_token ?? '';
    }
    const narrower = await client.refreshTokenGrant(config, refresh, { scope: 'openid' });
    expect(narrower.claims()).toMatchObject({ auth_time: signIn?.auth_time, acr: TWO, amr: ['pwd', 'otp', 'mfa'] });
    expect(narrower.claims()?.email).toBeUndefined();
  });

  it("gives the console the approving session's sign-in, and keeps it on refresh", async () => {
    const v = await twoFactorSession();
    // The same session's sign-in as a code grant sees it.
    const { config: web, flow } = await codeFlow(v);
    const webClaims = (await finish(web, flow, await decide(v, flow))).claims();
    const consoleApp = await rp('dev-console');
    const device = await client.initiateDeviceAuthorization(consoleApp, { scope: 'openid profile' });
    const approved = await v.post(OIDC.deviceDecision, { userCode: device.user_code, approve: true });
    expect(approved.status, approved.text).toBe(200);
    const tokens = await client.pollDeviceAuthorizationGrant(consoleApp, device);
    const claims = tokens.claims();
    expect(claims).toMatchObject({ aud: 'dev-console', auth_time: webClaims?.auth_time, acr: TWO });
    expect(claims?.amr).toEqual(['pwd', 'otp', 'mfa']);
    const refreshed = (await client.refreshTokenGrant(consoleApp, tokens.refresh_token ?? '')).claims();
    expect(refreshed).toMatchObject({ auth_time: webClaims?.auth_time, acr: TWO, amr: ['pwd', 'otp', 'mfa'] });
  }, 30_000);

  it('says one factor and pwd for a console approved from a password-only session', async () => {
    const v = await signedIn(await player({}, 'oidc-acr-device-pwd'));
    const consoleApp = await rp('dev-console');
    const device = await client.initiateDeviceAuthorization(consoleApp, { scope: 'openid' });
    expect((await v.post(OIDC.deviceDecision, { userCode: device.user_code, approve: true })).status).toBe(200);
    const claims = (await client.pollDeviceAuthorizationGrant(consoleApp, device)).claims();
    expect(claims?.acr).toBe(ONE);
    expect(claims?.amr).toEqual(['pwd']);
    expect(Number(claims?.auth_time)).toBeLessThanOrEqual(Number(claims?.iat));
  }, 30_000);
});
