/**
 * login/migration-tpa against workerd and the local OpenID provider (docs/legacy.md "Through a third-party
 * sign-in"): a legacy account reached through a provider sign-in answers 20211 or 20184 and keeps the
 * third-party session; GET /no-auth/login/tpa/migration reads the migration state; POST
 * /no-auth/login/tpa/migrate moves the account (legacy email, the provider's proven email, or a new email
 * proved by code) with the session as the proof, uses it up, and starts the sign-in. Refusals change nothing;
 * parallel calls migrate once.
 */
import { describe, expect, it } from 'vitest';
import { Browser, createAccount, uniqueEmail } from './client';
import { legacyPlayer, legacyState, signupCodeFor, type LegacyPlayer } from './legacy-helpers';
import { clock, deviceId, loginBody, P, player, Visitor, wrongCode, type AccountState } from './signin-helpers';
import { callbackFor, newIdentity, T, type TestIdentity } from './social-helpers';

const STATE = '/api/account/v1/no-auth/login/tpa/migration';
const MIGRATE = '/api/account/v1/no-auth/login/tpa/migrate';

interface TpaLegacyPlayer extends LegacyPlayer {
  identity: TestIdentity;
}

/** A legacy account whose google identity the old system had linked (unless `linked` is false). */
async function legacyTpaPlayer(
  kind: 'email' | 'id',
  identity: TestIdentity = newIdentity(),
  state: AccountState = {},
  linked = true,
): Promise<TpaLegacyPlayer> {
  const p = await legacyPlayer(kind, {
    idPrefix: 'tpahero',
    tag: `tpa-legacy-${kind}`,
    state,
    ...(linked ? { link: { provider: 'google', subject: identity.sub } } : {}),
  });
  return { ...p, identity };
}

/** The browser's third-party session for `identity` (callback → tpa-session-cookie). */
async function tpaSession(b: Browser, identity: TestIdentity) {
  const { code, state } = await callbackFor(b, 'google', identity);
  const r = await b.post(T.session, { tpaType: 'google', code, state });
  expect(r.status, r.text).toBe(200);
  return r.json as { next: string; socialLinkCase?: number };
}

const migrate = (b: Browser, body: Record<string, unknown>) =>
  b.post(MIGRATE, { deviceId: 'device-m', ...clock(), ...body });

async function loggedIn(b: Browser): Promise<boolean> {
  const r = await b.get(`${P.status}?device_id=any-device`);
  return (r.json as { isLoggedIn: boolean }).isLoggedIn;
}

describe('the third-party sign-in of a legacy account', () => {
  it('login/tpa answers 20211 with the legacy email, signs no one in and keeps the session', async () => {
    const p = await legacyTpaPlayer('email');
    const b = new Visitor();
    expect((await tpaSession(b, p.identity)).next).toBe('login');
    const r = await b.post(T.login, { deviceId: deviceId(), ...clock() });
    expect([r.status, r.code], r.text).toEqual([403, '20211']);
    expect(JSON.parse((r.json as { message: string }).message)).toEqual({ email: p.email });
    expect(await loggedIn(b)).toBe(false);
    const s = await b.get(STATE);
    expect(s.status, s.text).toBe(200);
    expect(s.json).toEqual({
      provider: 'google',
      legacyLoginID: p.loginId,
      kind: 'email',
      legacyEmail: p.email,
      emailVerified: false,
    });
    expect((await legacyState(p.accountId)).events).toContain('signin.refused');
  });

  it('a legacy-ID account answers 20184 with its support code; the state offers the provider’s proven email', async () => {
    const p = await legacyTpaPlayer('id');
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const r = await b.post(T.login, { deviceId: deviceId(), ...clock() });
    expect(r.code).toBe('20184');
    const s = await b.get(STATE);
    expect(s.json).toEqual({
      provider: 'google',
      legacyLoginID: p.loginId,
      kind: 'id',
      legacyEmail: p.identity.email,
      emailVerified: true,
    });
  });

  it('a blocked legacy account is refused as blocked, not offered a migration', async () => {
    const p = await legacyTpaPlayer('email', newIdentity(), { banReason: '7003' });
    const b = new Visitor();
    await tpaSession(b, p.identity);
    expect((await b.post(T.login, { deviceId: deviceId(), ...clock() })).code).toBe('20100');
    // login/tpa used the session up as it does for any refused sign-in.
    expect((await b.get(STATE)).code).toBe('20159');
    const c = new Visitor();
    await tpaSession(c, p.identity);
    expect((await c.get(STATE)).code).toBe('20100');
    expect((await migrate(c, { email: p.email })).code).toBe('20100');
    expect((await legacyState(p.accountId)).migratedAt).toBeNull();
  });
});

describe('migrate with the third-party session', () => {
  it('moves a legacy-email account to its email, uses the session up and signs in', async () => {
    const p = await legacyTpaPlayer('email');
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const r = await migrate(b, { email: p.email.toUpperCase() });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: p.email });
    expect(await loggedIn(b)).toBe(true);
    const s = await legacyState(p.accountId);
    expect(s.loginId).toBeNull();
    expect(s.migratedAt).not.toBeNull();
    expect(s.events.filter((e) => e === 'legacy.migrated')).toHaveLength(1);
    expect(s.events).toContain('signin.succeeded');
    // Used up: the state and a second migration find no session.
    expect((await b.get(STATE)).code).toBe('20159');
    expect((await migrate(b, { email: p.email })).code).toBe('20159');
    // Login complete answers the signed-in session's data.
    const done = await b.post(P.complete, { deviceId: 'device-m' });
    expect(done.status, done.text).toBe(200);
    // The legacy ID signs in no more; the email does, and a new provider sign-in signs straight in.
    expect((await new Visitor().post(P.login, loginBody({ email: p.loginId, password: p.password }))).code).toBe(
      '20002',
    );
    const again = new Visitor();
    await tpaSession(again, p.identity);
    expect((await again.post(T.login, { deviceId: deviceId(), ...clock() })).status).toBe(200);
  });

  it('a legacy-email account moves to its legacy email only, and needs no code', async () => {
    const p = await legacyTpaPlayer('email');
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const other = await migrate(b, { email: uniqueEmail('elsewhere') });
    expect([other.status, other.code]).toEqual([400, '20022']);
    const withCode = await migrate(b, { email: p.email, code: '123456' });
    expect(withCode.code).toBe('20022');
    const s = await legacyState(p.accountId);
    expect([s.loginId, s.migratedAt]).toEqual([p.loginId, null]);
    expect(s.events).toContain('legacy.refused');
    // The session is still there for the right call.
    expect((await migrate(b, { email: p.email })).status).toBe(200);
  });

  it('moves a legacy-ID account to the provider’s proven email without a code, verified', async () => {
    const p = await legacyTpaPlayer('id');
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const r = await migrate(b, { email: p.identity.email });
    expect(r.status, r.text).toBe(200);
    const s = await legacyState(p.accountId);
    expect([s.email, s.loginId]).toEqual([p.identity.email, null]);
    const account = await b.get(P.account);
    expect(account.json).toMatchObject({ email: p.identity.email, isVerified: true });
  });

  it('without a usable provider email, a new email is proved by the sign-up code', async () => {
    const p = await legacyTpaPlayer('id', newIdentity(false));
    const b = new Visitor();
    await tpaSession(b, p.identity);
    expect((await b.get(STATE)).json).toMatchObject({ kind: 'id', legacyEmail: null, emailVerified: false });
    const newId = uniqueEmail('tpa-new-id');
    expect((await migrate(b, { email: newId })).code).toBe('20022');
    const code = await signupCodeFor(newId);
    expect((await migrate(b, { email: newId, code: wrongCode(code) })).code).toBe('20013');
    expect((await legacyState(p.accountId)).migratedAt).toBeNull();
    // A wrong code spends neither the code nor the session.
    const r = await migrate(b, { email: newId, code });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: newId });
    const s = await legacyState(p.accountId);
    expect([s.email, s.loginId]).toEqual([newId, null]);
    expect(await loggedIn(b)).toBe(true);
  });

  it('an address registered after its code was sent answers 20050 and changes nothing', async () => {
    const p = await legacyTpaPlayer('id', newIdentity(false));
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const newId = uniqueEmail('tpa-taken-later');
    const code = await signupCodeFor(newId);
    await createAccount(new Browser(), newId);
    const r = await migrate(b, { email: newId, code });
    expect([r.status, r.code]).toEqual([409, '20050']);
    expect((await legacyState(p.accountId)).migratedAt).toBeNull();
  });

  it('with a step left (terms), the migration answers and login complete finishes the sign-in', async () => {
    const p = await legacyTpaPlayer('email', newIdentity(), { termsAccepted: false });
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const r = await migrate(b, { email: p.email });
    expect(r.status, r.text).toBe(200);
    expect((await legacyState(p.accountId)).migratedAt).not.toBeNull();
    expect(await loggedIn(b)).toBe(false);
    const done = await b.post(P.complete, { deviceId: 'device-m' });
    expect(done.code).toBe('20255');
  });

  it('parallel calls: exactly one migrates, once audited', async () => {
    const p = await legacyTpaPlayer('email');
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const replies = await Promise.all(Array.from({ length: 6 }, () => migrate(b, { email: p.email })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expect(['20159', '20022']).toContain(r.code);
    const s = await legacyState(p.accountId);
    expect(s.events.filter((e) => e === 'legacy.migrated')).toHaveLength(1);
  });

  it('parallel calls with a code: one wins, the code and the session are used once', async () => {
    const p = await legacyTpaPlayer('id', newIdentity(false));
    const b = new Visitor();
    await tpaSession(b, p.identity);
    const newId = uniqueEmail('tpa-race');
    const code = await signupCodeFor(newId);
    const replies = await Promise.all(Array.from({ length: 4 }, () => migrate(b, { email: newId, code })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const s = await legacyState(p.accountId);
    expect(s.email).toBe(newId);
    expect(s.events.filter((e) => e === 'legacy.migrated')).toHaveLength(1);
  });
});

describe('the social-link proof of an account whose legacy email the provider gave', () => {
  it('links the identity, answers 20211 and keeps the session; the migration verifies the email', async () => {
    const p = await legacyTpaPlayer('email', newIdentity(), {}, false);
    const identity: TestIdentity = { sub: newIdentity().sub, email: p.email, emailVerified: true, name: 'Old' };
    const b = new Visitor();
    const session = await tpaSession(b, identity);
    expect(session).toMatchObject({ next: 'socialLink', socialLinkCase: 1 });
    const r = await b.post(T.linkPassword, { password: p.password, deviceId: deviceId(), ...clock() });
    expect(r.code, r.text).toBe('20211');
    expect(await loggedIn(b)).toBe(false);
    expect((await b.get(STATE)).json).toMatchObject({ kind: 'email', legacyEmail: p.email, emailVerified: true });
    const m = await migrate(b, { email: p.email });
    expect(m.status, m.text).toBe(200);
    expect((await b.get(P.account)).json).toMatchObject({ email: p.email, isVerified: true });
    expect((await legacyState(p.accountId)).events).toContain('social.linked');
  });

  it('a wrong password links nothing and migrates nothing', async () => {
    const p = await legacyTpaPlayer('email', newIdentity(), {}, false);
    const identity: TestIdentity = { sub: newIdentity().sub, email: p.email, emailVerified: true, name: 'Old' };
    const b = new Visitor();
    await tpaSession(b, identity);
    const r = await b.post(T.linkPassword, { password: 'Wrong-Horse-9', deviceId: deviceId(), ...clock() });
    expect(r.code).toBe('20002');
    // Not linked yet: the session signs in to no account.
    expect((await b.get(STATE)).code).toBe('20215');
    expect((await migrate(b, { email: p.email })).code).toBe('20215');
    expect((await legacyState(p.accountId)).migratedAt).toBeNull();
  });
});

describe('refusals', () => {
  it('without a third-party session: 20159', async () => {
    const b = new Visitor();
    expect((await b.get(STATE)).code).toBe('20159');
    expect((await migrate(b, { email: uniqueEmail('x') })).code).toBe('20159');
  });

  it('an identity linked to an account with nothing to migrate: 20022', async () => {
    const p = await legacyTpaPlayer('email');
    const first = new Visitor();
    await tpaSession(first, p.identity);
    expect((await migrate(first, { email: p.email })).status).toBe(200);
    const b = new Visitor();
    await tpaSession(b, p.identity);
    expect((await b.get(STATE)).code).toBe('20022');
    expect((await migrate(b, { email: p.email })).code).toBe('20022');
  });

  it('bad input answers 20022 and changes nothing, keeping the session', async () => {
    const p = await legacyTpaPlayer('email');
    const b = new Visitor();
    await tpaSession(b, p.identity);
    for (const body of [
      { email: p.email, deviceId: undefined },
      { email: 'not-an-email' },
      { email: p.email, code: '12ab56' },
      { email: p.email, extra: true },
    ]) {
      const r = await migrate(b, body);
      expect([r.status, r.code], JSON.stringify(body)).toEqual([400, '20022']);
    }
    expect((await legacyState(p.accountId)).migratedAt).toBeNull();
    expect((await b.get(STATE)).status).toBe(200);
  });

  it('the dev hook refuses an unknown provider', async () => {
    const p = await player({}, 'tpa-legacy-bad');
    const r = await new Browser().post('/api/dev/legacy/account', {
      accountId: p.accountId,
      kind: 'email',
      loginId: `tpabad${Date.now().toString(36)}`,
      password: p.password,
      link: { provider: 'myspace', subject: 'x' },
    });
    expect(r.status).toBe(400);
  });
});
