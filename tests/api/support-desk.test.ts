/**
 * The support-desk sign-in against workerd (spec §7 login/token, login/zendesk [unified], §2
 * login/move-to-zendesk, §8 20100; docs/support-desk.md): the one-time token of the ban flow (blocked accounts
 * only, the sign-in's refusals and limits), its exchange for the desk's JWT SSO URL (single use, 5 minutes),
 * the JWT's signature and claims (verified with jose, as the desk would), the signed-in player's move, and the
 * dev support-desk page.
 */
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, DEV, MINUTE, NO_DEV, setClock } from './client';
import { ACCOUNT, loginBody, P, player, Visitor, type Player } from './signin-helpers';
import { TEST_SUPPORT_DESK_JWT_SECRET } from './support-desk-secret';

afterEach(() => setClock(0));

const D = {
  token: `${ACCOUNT}/no-auth/login/token`,
  zendesk: `${ACCOUNT}/no-auth/login/zendesk`,
  unifiedZendesk: `${ACCOUNT}/no-auth/unified/login/zendesk`,
  move: `${ACCOUNT}/login/zendesk/move`,
};
const SECRET = new TextEncoder().encode(TEST_SUPPORT_DESK_JWT_SECRET);
const DEV_DESK = () => `${DEV()}/api/dev/support-desk`;

function tokenBody(p: Pick<Player, 'email' | 'password'>, extra: Record<string, unknown> = {}) {
  return { id: p.email, password: p.password, captchaToken: 'dev-captcha-pass', captchaVersion: 'v3', ...extra };
}

async function requestToken(p: Pick<Player, 'email' | 'password'>, extra = {}, v = new Visitor()) {
  return v.post(D.token, tokenBody(p, extra));
}

async function tokenOf(p: Player, v = new Visitor()): Promise<string> {
  const r = await requestToken(p, {}, v);
  expect(r.status, r.text).toBe(200);
  const { token } = r.json as { token: string };
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

const exchange = (token: string, v: Browser = new Visitor(), path = D.zendesk) =>
  v.get(`${path}?token=${encodeURIComponent(token)}`);

/** The SSO URL's parts, and its JWT verified with the shared secret as the desk would. */
async function verifiedSso(returnUrl: string) {
  const url = new URL(returnUrl);
  const jwt = url.searchParams.get('jwt') ?? '';
  const { payload, protectedHeader } = await jwtVerify(jwt, SECRET, { algorithms: ['HS256'] });
  return { url, jwt, payload, protectedHeader, returnTo: url.searchParams.get('return_to') };
}

describe('login/token then login/zendesk (the global ban flow)', () => {
  it("gives a blocked player the desk's SSO URL with a signed JWT of the account's claims", async () => {
    const p = await player({ banReason: '7003' }, 'desk');
    const v = new Visitor();
    const token = await tokenOf(p, v);
    const before = Math.floor(Date.now() / 1000);
    const r = await exchange(token, v);
    expect(r.status, r.text).toBe(200);
    const { returnUrl } = r.json as { returnUrl: string };
    const { url, payload, protectedHeader, returnTo } = await verifiedSso(returnUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${DEV_DESK()}/access/jwt`);
    expect(returnTo).toBe(`${DEV_DESK()}/hc/requests/new`);
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload.email).toBe(p.email);
    expect(payload.external_id).toBe(String(p.accountId));
    expect(typeof payload.name).toBe('string');
    expect(String(payload.name).length).toBeGreaterThan(0);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.iat).toBeGreaterThanOrEqual(before - 5);
    expect(payload.iat).toBeLessThanOrEqual(before + 5);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(120);
    // Nobody was signed into the portal on the way.
    expect(r.setCookies).toEqual([]);
  });

  it('signs with the shared secret only: another secret does not verify the JWT', async () => {
    const p = await player({ banReason: '7000' }, 'desk');
    const { returnUrl } = (await exchange(await tokenOf(p))).json as { returnUrl: string };
    const jwt = new URL(returnUrl).searchParams.get('jwt') ?? '';
    expect(decodeProtectedHeader(jwt).alg).toBe('HS256');
    await expect(
      jwtVerify(jwt, new TextEncoder().encode('another-secret-of-the-same-length-0123456789')),
    ).rejects.toThrow();
  });

  it('serves the unified path too', async () => {
    const p = await player({ banReason: '7006' }, 'desk');
    const r = await exchange(await tokenOf(p), new Visitor(), D.unifiedZendesk);
    expect(r.status, r.text).toBe(200);
    expect((await verifiedSso((r.json as { returnUrl: string }).returnUrl)).payload.email).toBe(p.email);
  });

  it('each JWT has its own jti', async () => {
    const p = await player({ banReason: '7001' }, 'desk');
    const a = (await exchange(await tokenOf(p))).json as { returnUrl: string };
    const b = (await exchange(await tokenOf(p))).json as { returnUrl: string };
    const [ja, jb] = await Promise.all([verifiedSso(a.returnUrl), verifiedSso(b.returnUrl)]);
    expect(ja.payload.jti).not.toBe(jb.payload.jti);
  });
});

describe('the token', () => {
  it('is single use: a replay answers 20022', async () => {
    const p = await player({ banReason: '7003' }, 'desk');
    const token = await tokenOf(p);
    expect((await exchange(token)).status).toBe(200);
    const again = await exchange(token);
    expect(again.status).toBe(400);
    expect(again.code).toBe('20022');
    expect(again.text).not.toContain('jwt');
  });

  it('of parallel exchanges, exactly one wins', async () => {
    const p = await player({ banReason: '7003' }, 'desk');
    const token = await tokenOf(p);
    const replies = await Promise.all(Array.from({ length: 6 }, () => exchange(token)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expect(r.code).toBe('20022');
  });

  it('expires after 5 minutes', async () => {
    const p = await player({ banReason: '7003' }, 'desk');
    const live = await tokenOf(p);
    await setClock(4 * MINUTE);
    expect((await exchange(live)).status).toBe(200);
    await setClock(0);
    const late = await tokenOf(p);
    await setClock(5 * MINUTE + 1000);
    const r = await exchange(late);
    expect(r.status).toBe(400);
    expect(r.code).toBe('20022');
  });

  it("a new token ends the account's earlier one", async () => {
    const p = await player({ banReason: '7002' }, 'desk');
    const first = await tokenOf(p);
    const second = await tokenOf(p);
    expect((await exchange(first)).code).toBe('20022');
    expect((await exchange(second)).status).toBe(200);
  });

  it.each([
    ['unknown', 'A'.repeat(43)],
    ['malformed', 'not a token'],
    ['empty', ''],
  ])('%s: 20022', async (_name, token) => {
    const r = await exchange(token);
    expect(r.status).toBe(400);
    expect(r.code).toBe('20022');
  });

  it('refuses a missing or repeated token parameter and unknown parameters', async () => {
    const v = new Visitor();
    for (const query of ['', '?token=a&token=b', `?token=${'A'.repeat(43)}&extra=1`]) {
      const r = await v.get(`${D.zendesk}${query}`);
      expect(r.status, query).toBe(400);
      expect(r.code).toBe('20022');
    }
  });
});

describe('login/token refusals (the sign-in password step)', () => {
  it('wrong password and unknown account answer 20002 alike, and give no token', async () => {
    const p = await player({ banReason: '7003' }, 'desk');
    const wrong = await requestToken({ ...p, password: 'Wrong-pass-1' });
    const unknown = await requestToken({ email: 'nobody-desk@example.test', password: 'Wrong-pass-1' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.code).toBe('20002');
    }
    expect(wrong.json).toEqual(unknown.json);
  });

  it('an account that is not blocked answers 403 20022 after the right password, and is not signed in', async () => {
    const p = await player({}, 'desk');
    const v = new Visitor();
    const r = await requestToken(p, {}, v);
    expect(r.status).toBe(403);
    expect(r.code).toBe('20022');
    expect(r.setCookies).toEqual([]);
    // Its wrong password still says 20002 (a refusal never tells more than the sign-in would).
    expect((await requestToken({ ...p, password: 'Wrong-pass-1' })).code).toBe('20002');
  });

  it('a failed captcha answers captcha before the password is tried', async () => {
    const p = await player({ banReason: '7003' }, 'desk');
    const r = await requestToken(p, { captchaToken: 'dev-captcha-fail' });
    expect(r.status).toBe(400);
    expect(r.code).toBe('captcha');
  });

  it("counts on the sign-in's limits: 5 failures lock the client for both (20187)", async () => {
    const p = await player({ banReason: '7003' }, 'desk');
    const v = new Visitor();
    for (let i = 0; i < 3; i++)
      expect((await requestToken({ ...p, password: 'Wrong-pass-1' }, {}, v)).code).toBe('20002');
    expect((await v.post(P.login, loginBody({ ...p, password: 'Wrong-pass-1' }))).code).toBe('20002');
    const fifth = await requestToken({ ...p, password: 'Wrong-pass-1' }, {}, v);
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
    expect((await requestToken(p, {}, v)).code).toBe('20187');
    expect((await v.post(P.login, loginBody(p))).code).toBe('20187');
  });

  it.each([
    ['no password', { password: undefined }],
    ['no captcha version', { captchaVersion: undefined }],
    ['a bad captcha version', { captchaVersion: 'v9' }],
    ['an unknown field', { deviceId: 'd' }],
    ['a number id', { id: 42 }],
  ])('refuses a body with %s (20022)', async (_name, change) => {
    const p = await player({ banReason: '7003' }, 'desk');
    const r = await new Visitor().post(D.token, { ...tokenBody(p), ...change });
    expect(r.status).toBe(400);
    expect(r.code).toBe('20022');
  });
});

describe('login/zendesk/move (login/move-to-zendesk, signed in)', () => {
  async function signedIn(p: Player): Promise<Visitor> {
    const v = new Visitor();
    const r = await v.post(P.login, loginBody(p));
    expect(r.status, r.text).toBe(200);
    return v;
  }

  it("gives the signed-in player the desk's SSO URL for their own account", async () => {
    const p = await player({}, 'move');
    const v = await signedIn(p);
    const r = await v.post(D.move, {});
    expect(r.status, r.text).toBe(200);
    const { payload } = await verifiedSso((r.json as { returnUrl: string }).returnUrl);
    expect(payload.email).toBe(p.email);
    expect(payload.external_id).toBe(String(p.accountId));
  });

  it('needs a session (20001) and the portal origin (CSRF)', async () => {
    expect((await new Visitor().post(D.move, {})).code).toBe('20001');
    const p = await player({}, 'move');
    const v = await signedIn(p);
    const foreign = await v.post(D.move, {}, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('ends the session of an account blocked since (20100)', async () => {
    const p = await player({}, 'move');
    const v = await signedIn(p);
    await new Browser().post(P.devState, { accountId: p.accountId, banReason: '7004' });
    const r = await v.post(D.move, {});
    expect(r.status).toBe(403);
    expect(r.code).toBe('20100');
    expect((await v.post(D.move, {})).code).toBe('20001');
  });
});

describe('the dev support-desk page', () => {
  it('shows the JWT it received verified with its claims, and refuses the same jti again', async () => {
    const p = await player({ banReason: '7005' }, 'desk');
    const { returnUrl } = (await exchange(await tokenOf(p))).json as { returnUrl: string };
    const page = await new Browser().get(returnUrl.slice(DEV().length), { bare: true });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toContain('data-verdict="verified"');
    expect(page.text).toContain(`<dd data-claim="email">${p.email}</dd>`);
    const replay = await new Browser().get(returnUrl.slice(DEV().length), { bare: true });
    expect(replay.status).toBe(401);
    expect(replay.text).toContain('used before');
  });

  it('refuses a JWT whose signature does not match', async () => {
    const p = await player({ banReason: '7005' }, 'desk');
    const { returnUrl } = (await exchange(await tokenOf(p))).json as { returnUrl: string };
    const url = new URL(returnUrl);
    const jwt = url.searchParams.get('jwt') ?? '';
    url.searchParams.set('jwt', `${jwt.slice(0, -4)}${jwt.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
    const page = await new Browser().get(`${url.pathname}${url.search}`, { bare: true });
    expect(page.status).toBe(401);
    expect(page.text).toContain('data-verdict="refused"');
    expect(page.text).toContain('signature');
  });

  it('does not exist without DEV_TOOLS', async () => {
    const r = await new Browser(NO_DEV()).get('/api/dev/support-desk/access/jwt?jwt=x', { bare: true });
    expect(r.status).toBe(404);
  });
});
