/**
 * Strict parsing (issue 10 item 8) against workerd: a body that names a key
 * twice, at any depth or however the key is escaped, is refused with 400
 * 20022 before any handler runs; ids, tokens and names refuse NUL, bidi and
 * zero-width characters and lone surrogates. Each refusal changes nothing:
 * no session, no counted failure, no mail, no account, no rename.
 */
import { describe, expect, it } from 'vitest';
import { SIGNUP_TOKEN_HEADER } from '../../src/shared/contract/http';
import { uniqueEmail, type Reply } from './client';
import { lastMail, loginBody, mailbox, P, player, signupBody, Visitor } from './signin-helpers';
import { get, newPlayer, put } from './two-factor-helpers';

function expectBadInput(r: Reply) {
  expect(r.status, r.text).toBe(400);
  expect(r.code).toBe('20022');
  expect(r.setCookies).toEqual([]);
}

/** A JSON object's text with `extra` members written first: JSON.parse alone would keep the later value. */
function withLeading(body: object, extra: string): string {
  return `{${extra},${JSON.stringify(body).slice(1)}`;
}

describe('repeated keys', () => {
  it('login: a repeated password is refused, however many times, and counts as no attempt', async () => {
    const p = await player();
    const v = new Visitor();
    // The right password first, a wrong one last: a last-wins parser would count six failures (and lock).
    for (let i = 0; i < 6; i++) {
      expectBadInput(
        await v.request('POST', P.login, {
          raw: withLeading(loginBody(p, { password: 'Wrong-pass-1' }), `"password":${JSON.stringify(p.password)}`),
        }),
      );
    }
    // A wrong one first, the right one last: a last-wins parser would sign in.
    expectBadInput(await v.request('POST', P.login, { raw: withLeading(loginBody(p), '"password":"Wrong-pass-1"') }));
    // The same key spelled with an escape is the same key.
    expectBadInput(
      await v.request('POST', P.login, { raw: withLeading(loginBody(p), '"\\u0070assword":"Wrong-pass-1"') }),
    );
    expectBadInput(await v.request('POST', P.login, { raw: withLeading(loginBody(p), '"deviceId":"device-other"') }));
    // Nothing was counted: the owner signs in at once from the same client.
    const ok = await v.post(P.login, loginBody(p));
    expect(ok.status, ok.text).toBe(200);
  });

  it('sign-up: a repeated email sends no code, creates no account and leaves the sign-up session usable', async () => {
    const v = new Visitor();
    const email = uniqueEmail('dup-signup');
    const decoy = uniqueEmail('dup-decoy');
    expectBadInput(await v.request('POST', P.emailValidate, { raw: `{"email":"${decoy}","email":"${email}"}` }));
    expectBadInput(
      await v.request('POST', P.emailRequestCode, {
        raw: `{"email":"${decoy}","language":"en_US","email":"${email}"}`,
      }),
    );
    expect(await mailbox(email)).toEqual([]);
    expect(await mailbox(decoy)).toEqual([]);

    expect((await v.post(P.emailValidate, { email })).status).toBe(200);
    expect((await v.post(P.emailRequestCode, { email, language: 'en_US' })).status).toBe(200);
    const { code } = await lastMail(email);
    if (code === undefined) throw new Error('The sign-up email has no code');
    expect((await v.post(P.emailVerifyCode, { email, code })).status).toBe(200);
    const init = await v.post(P.signupInit, {});
    const token = (init.json as { signUpSessionToken: string }).signUpSessionToken;
    const headers = { [SIGNUP_TOKEN_HEADER]: token };

    const body = signupBody(email, code);
    for (const extra of ['"countryCode":"DE"', '"birthday":"2015-01-01"', '"newsletter":false']) {
      expectBadInput(await v.request('POST', P.signup, { raw: withLeading(body, extra), headers }));
    }
    expect(await mailbox(email)).toHaveLength(1); // only the code: no verification link, so no account
    const created = await v.post(P.signup, body, { headers });
    expect(created.status, created.text).toBe(200);
    const account = await v.get(P.account);
    expect(account.json).toMatchObject({ email, countryCode: 'US', birthYear: 1995, enableMail: true });
  });

  it('trusted devices: a repeated name or device id renames nothing', async () => {
    const pl = await newPlayer('dup-trusted');
    const trust = await pl.b.post('/api/dev/trusted-device', { accountId: pl.accountId, deviceId: 'dup-device-1' });
    expect(trust.status, trust.text).toBe(200);
    const before = (await get(pl.b, '/trusted-device')).json as {
      trustedDevices: { deviceId: string; name: string }[];
    };
    expect(before.trustedDevices.map((d) => d.deviceId)).toEqual(['dup-device-1']);

    const rename = (raw: string) => pl.b.request('PUT', '/api/account/v1/trusted-device/name', { raw });
    expectBadInput(await rename('{"deviceId":"dup-device-1","name":"First","name":"Second"}'));
    expectBadInput(await rename('{"deviceId":"other","name":"Renamed","deviceId":"dup-device-1"}'));
    expectBadInput(await rename('{"deviceId":"dup-device-1","name":"A","n\\u0061me":"B"}'));
    expect((await get(pl.b, '/trusted-device')).json).toEqual(before);

    expect((await put(pl.b, '/trusted-device/name', { deviceId: 'dup-device-1', name: 'Renamed' })).status).toBe(200);
    const after = (await get(pl.b, '/trusted-device')).json as { trustedDevices: { name: string }[] };
    expect(after.trustedDevices[0]?.name).toBe('Renamed');
  });

  it('a repeat inside a nested object is refused too', async () => {
    const pl = await newPlayer('dup-nested');
    const raw = `{"accountId":${String(pl.accountId)},"birth":{"year":1990,"month":5,"year":2015}}`;
    expectBadInput(await pl.b.request('POST', '/api/dev/account/state', { raw }));
    expect((await get(pl.b, '/account')).json).toMatchObject({ birthYear: 1990, isMinor: false });
    // Without the repeat the same nested body is accepted.
    const fine = `{"accountId":${String(pl.accountId)},"birth":{"year":1991,"month":5}}`;
    expect((await pl.b.request('POST', '/api/dev/account/state', { raw: fine })).status).toBe(200);
    expect((await get(pl.b, '/account')).json).toMatchObject({ birthYear: 1991 });
  });
});

/** Each as raw JSON text: NUL and the lone surrogate as escapes (JSON.stringify would rewrite them), the rest raw. */
const HOSTILE_JSON: [string, string][] = [
  ['NUL', '\\u0000'],
  ['U+202E right-to-left override', '\u202e'],
  ['U+200B zero-width space', '\u200b'],
  ['a lone surrogate', '\\ud800'],
];

describe('ids, tokens and names refuse control, format and lone-surrogate characters', () => {
  it.each(HOSTILE_JSON)('login deviceId with %s', async (_name, ch) => {
    const p = await player();
    const v = new Visitor();
    const body = JSON.stringify(loginBody(p)).replace('"deviceId":"device-default"', `"deviceId":"device${ch}default"`);
    expect(body).toContain(ch);
    expectBadInput(await v.request('POST', P.login, { raw: body }));
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
  });

  it.each(HOSTILE_JSON)('login id, captcha token and sign-up partner key with %s', async (_name, ch) => {
    const p = await player();
    const v = new Visitor();
    const login = JSON.stringify(loginBody(p));
    expectBadInput(await v.request('POST', P.login, { raw: login.replace('"id":"', `"id":"${ch}`) }));
    expectBadInput(
      await v.request('POST', P.login, { raw: login.replace('"dev-captcha-pass"', `"dev-captcha${ch}pass"`) }),
    );
    const signup = JSON.stringify(signupBody(uniqueEmail('hostile'), '123456', { partnerKey: 'partner' }));
    expectBadInput(await v.request('POST', P.signup, { raw: signup.replace('"partner"', `"part${ch}ner"`) }));
  });

  it.each(HOSTILE_JSON)('trusted device name and id with %s', async (_name, ch) => {
    const pl = await newPlayer('hostile-name');
    expect(
      (await pl.b.post('/api/dev/trusted-device', { accountId: pl.accountId, deviceId: 'hostile-1' })).status,
    ).toBe(200);
    const before = (await get(pl.b, '/trusted-device')).json;
    const rename = (raw: string) => pl.b.request('PUT', '/api/account/v1/trusted-device/name', { raw });
    expectBadInput(await rename(`{"deviceId":"hostile-1","name":"Desk${ch}top"}`));
    expectBadInput(await rename(`{"deviceId":"hostile${ch}1","name":"Desktop"}`));
    expect((await get(pl.b, '/trusted-device')).json).toEqual(before);
  });

  it('the login-status query refuses the same characters in device_id', async () => {
    const v = new Visitor();
    for (const ch of ['%00', '%E2%80%AE', '%E2%80%8B', '%20', '%2F']) {
      const r = await v.get(`${P.status}?device_id=device${ch}1`);
      expect(r.status, ch).toBe(400);
      expect(r.code).toBe('20022');
    }
    expect((await v.get(`${P.status}?device_id=${crypto.randomUUID()}`)).status).toBe(200);
  });
});
