/**
 * Console platforms (docs/platforms.md): the ticket checks (forged, expired,
 * replayed, another platform's), the test-mode ticket call's absence in
 * production, in-game login, linking with the password and the second
 * factor (every refusal changes nothing), 20074, and the minor console delink.
 */
import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { Browser, NO_DEV, PASSWORD, setClock, type Reply } from './client';
import { PLATFORM_HINT_COOKIE_NAME } from './social-names';
import {
  alignToStep,
  enableSms,
  enableTotp,
  IpBrowser,
  lastSmsCode,
  mailbox,
  newPlayer,
  totpCode,
  type Player,
} from './two-factor-helpers';

const ACCOUNT = '/api/account/v1';
const G = (platform: string, path: string) => `${ACCOUNT}/no-auth/global/${platform}/${path}`;
const IAL = (path: string) => `${ACCOUNT}/no-auth/ial/${path}`;
/** The call's path on `platform`: the /ial prefix for IAL, else the global one. */
const P = (platform: string, path: string) => (platform === 'IAL' ? IAL(path) : G(platform, path));
const CLIENT_ID = '1888';

let userCounter = 0;
function platformUser(): string {
  userCounter += 1;
  return `pf-${Date.now().toString(36)}-${String(userCounter)}`;
}

async function mint(
  platform: string,
  platformUserId: string,
  extra: { accountType?: 'adult' | 'minor'; ttl?: number } = {},
): Promise<string> {
  const r = await new Browser().post('/api/dev/platform/ticket', { platform, platformUserId, ...extra });
  expect(r.status, r.text).toBe(200);
  return (r.json as { ticket: string }).ticket;
}

/** A console browser holding a platform session of a fresh identity. */
async function consoleSession(platform = 'playstation', user = platformUser(), accountType?: 'adult' | 'minor') {
  const b = new IpBrowser();
  const ticket = await mint(platform, user, accountType ? { accountType } : {});
  const path = platform === 'IAL' ? IAL('login/pf-session-cookie') : G(platform, 'login/pf-session-cookie');
  const r = await b.post(path, { clientId: CLIENT_ID, sessionTicket: ticket });
  expect(r.status, r.text).toBe(200);
  return { b, user, setCookies: r.setCookies };
}

async function linkingState(b: Browser, platform = 'playstation') {
  const r = await b.get(P(platform, 'linking/state'));
  expect(r.status, r.text).toBe(200);
  return r.json as { linked: boolean; minor: boolean; pending: null | { authTypes: string[]; email: string } };
}

async function linkPassword(b: Browser, p: Player, password = PASSWORD, platform = 'playstation'): Promise<Reply> {
  return b.post(P(platform, 'linking/password'), { email: p.email, password });
}

/** Links a fresh identity to `p` through its emailed code (an account without a second factor). */
async function linkByEmail(p: Player, platform = 'playstation', accountType?: 'adult' | 'minor') {
  const c = await consoleSession(platform, platformUser(), accountType);
  expect((await linkPassword(c.b, p, PASSWORD, platform)).status).toBe(200);
  const sent = await c.b.post(P(platform, 'linking/request-code'), { authType: 'EMAIL', language: 'en_US' });
  expect(sent.status, sent.text).toBe(200);
  const [mail] = await mailbox(p.email);
  const r = await c.b.post(P(platform, 'linking/verify'), { authType: 'EMAIL', code: mail?.code ?? '' });
  expect(r.status, r.text).toBe(200);
  return c;
}

describe('platform tickets', () => {
  it('a ticket of the local issuer opens a platform session (no portal session)', async () => {
    const { b, setCookies } = await consoleSession();
    expect(b.cookies.has('__Host-lf_pf_session')).toBe(true);
    // Its companion for the page's script (no secret, not HttpOnly): a console step opened without it asks nothing.
    expect(b.cookies.get(PLATFORM_HINT_COOKIE_NAME)).toBe('1');
    // Both end with the session's 30 minutes, so the companion is never there without a session to use.
    const session = setCookies.find((l) => l.startsWith('__Host-lf_pf_session=')) ?? '';
    const hint = setCookies.find((l) => l.startsWith(`${PLATFORM_HINT_COOKIE_NAME}=`)) ?? '';
    expect(session).toMatch(/HttpOnly/i);
    expect(hint).not.toMatch(/HttpOnly/i);
    for (const line of [session, hint]) expect(line).toMatch(/Max-Age=1800(;|$)/);
    expect(b.session).toBeUndefined();
    expect(await linkingState(b)).toMatchObject({ linked: false, pending: null, accountType: 'adult' });
  });

  it('refuses a forged ticket (signed with another key)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ account_type: 'adult' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('urn:lumenforge:dev-issuer:playstation')
      .setAudience('lumenforge-account')
      .setSubject('attacker')
      .setJti(crypto.randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode('not-the-dev-key-at-all-not-the-dev-key'));
    const b = new IpBrowser();
    const r = await b.post(G('playstation', 'login/pf-session-cookie'), { clientId: CLIENT_ID, sessionTicket: forged });
    expect(r.status).toBe(401);
    expect(r.code).toBe('INVALID_TICKET');
    expect(b.cookies.has('__Host-lf_pf_session')).toBe(false);
    expect(b.cookies.has(PLATFORM_HINT_COOKIE_NAME)).toBe(false);
  });

  it('refuses garbage, an expired ticket and a replayed one', async () => {
    const b = new IpBrowser();
    const garbage = await b.post(G('xbox', 'login/pf-session-cookie'), {
      clientId: CLIENT_ID,
      sessionTicket: 'abc.def',
    });
    expect(garbage.code).toBe('INVALID_TICKET');
    const expired = await mint('xbox', platformUser(), { ttl: -10 });
    const r1 = await b.post(G('xbox', 'login/pf-session-cookie'), { clientId: CLIENT_ID, sessionTicket: expired });
    expect(r1.code).toBe('INVALID_TICKET');
    const ticket = await mint('xbox', platformUser());
    expect(
      (await b.post(G('xbox', 'login/pf-session-cookie'), { clientId: CLIENT_ID, sessionTicket: ticket })).status,
    ).toBe(200);
    const again = await new IpBrowser().post(G('xbox', 'login/pf-session-cookie'), {
      clientId: CLIENT_ID,
      sessionTicket: ticket,
    });
    expect(again.code).toBe('INVALID_TICKET');
  });

  it('accepts one ticket once even under parallel requests', async () => {
    const ticket = await mint('playstation', platformUser());
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        new IpBrowser().post(G('playstation', 'login/pf-session-cookie'), {
          clientId: CLIENT_ID,
          sessionTicket: ticket,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 'INVALID_TICKET')).toHaveLength(4);
  });

  it('expires a ticket on the API clock', async () => {
    const ticket = await mint('nintendo', platformUser(), { ttl: 60 });
    await setClock(2 * 60_000);
    try {
      const r = await new IpBrowser().post(G('nintendo', 'login/pf-session-cookie'), {
        clientId: CLIENT_ID,
        sessionTicket: ticket,
      });
      expect(r.code).toBe('INVALID_TICKET');
    } finally {
      await setClock(0);
    }
  });

  it("refuses another platform's ticket, and IAL on the global prefix", async () => {
    const ticket = await mint('playstation', platformUser());
    const r = await new IpBrowser().post(G('xbox', 'login/pf-session-cookie'), {
      clientId: CLIENT_ID,
      sessionTicket: ticket,
    });
    expect(r.code).toBe('INVALID_TICKET');
    const ial = await new IpBrowser().post(G('IAL', 'login/pf-session-cookie'), {
      clientId: CLIENT_ID,
      sessionTicket: ticket,
    });
    expect(ial.code).toBe('20022');
  });

  it('test-pf-session-cookie sets a session of the given lifetime (20159 after it)', async () => {
    const b = new IpBrowser();
    const ticket = await mint('playstation', platformUser());
    const r = await b.post(G('playstation', 'login/test-pf-session-cookie'), {
      platformSessionTicket: ticket,
      ttl: 60,
    });
    expect(r.status, r.text).toBe(200);
    // The cookies end with it too.
    expect(r.setCookies.filter((l) => /^__Host-lf_pf_(session|hint)=/.test(l))).toEqual([
      expect.stringMatching(/Max-Age=60(;|$)/),
      expect.stringMatching(/Max-Age=60(;|$)/),
    ]);
    expect((await b.get(G('playstation', 'linking/state'))).status).toBe(200);
    await setClock(2 * 60_000);
    try {
      const late = await b.get(G('playstation', 'linking/state'));
      expect(late.code).toBe('20159');
    } finally {
      await setClock(0);
    }
  });

  it('test-pf-session-cookie and the dev issuer do not exist beside a production build', async () => {
    const b = new Browser(NO_DEV());
    // The production instance's own public origin, so the CSRF guard lets the calls through to the routes.
    const headers = { Origin: inject('apiPortalOriginNoDev') };
    const post = (path: string, body: unknown) => b.request('POST', path, { body, headers });
    const r = await post(G('playstation', 'login/test-pf-session-cookie'), { platformSessionTicket: 'x.y.z' });
    expect(r.status).toBe(404);
    expect((await post('/api/dev/platform/ticket', { platform: 'xbox', platformUserId: 'u1' })).status).toBe(404);
    // Without a platform's JWKS configuration nothing verifies there: the real call refuses every ticket.
    const real = await post(G('playstation', 'login/pf-session-cookie'), {
      clientId: CLIENT_ID,
      sessionTicket: 'x.y.z',
    });
    expect(real.code).toBe('INVALID_TICKET');
  });
});

describe('dev console sign-in page', () => {
  it('offers the platforms and opens global/{platform}/login with a fresh ticket', async () => {
    const b = new Browser();
    const page = await b.get('/api/dev/platform');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<option value="playstation">');
    const start = await b.get('/api/dev/platform/start?platform=xbox&user=dev-page-user&accountType=adult');
    expect(start.status).toBe(303);
    const location = new URL(start.headers.get('location') ?? '', 'http://x');
    expect(location.pathname).toBe('/account/en/global/xbox/login');
    const ticket = location.searchParams.get('ticket') ?? '';
    const r = await new IpBrowser().post(G('xbox', 'login/pf-session-cookie'), {
      clientId: CLIENT_ID,
      sessionTicket: ticket,
    });
    expect(r.status, r.text).toBe(200);
    expect((await b.get('/api/dev/platform/start?platform=xbox&user=bad%20user&accountType=adult')).code).toBe('20022');
  });
});

describe('in-game login', () => {
  it('20159 without a platform session, 20138 for an identity not linked', async () => {
    const none = await new IpBrowser().post(G('playstation', 'login/in-game'), { clientId: CLIENT_ID });
    expect(none.code).toBe('20159');
    const { b } = await consoleSession();
    const r = await b.post(G('playstation', 'login/in-game'), { clientId: CLIENT_ID });
    expect(r.code).toBe('20138');
    expect(b.session).toBeUndefined();
  });

  it('signs a linked identity in; IAL uses deviceId on the /ial prefix', async () => {
    const p = await newPlayer('pf-ingame');
    const c = await linkByEmail(p, 'IAL');
    const r = await c.b.post(IAL('login/in-game'), { deviceId: 'console-device-1' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ email: p.email });
    expect((r.json as { hashedGlobalUserNo: string }).hashedGlobalUserNo).toMatch(/.+/);
    expect(c.b.session).toBeDefined();
    expect((await c.b.get(`${ACCOUNT}/account`)).status).toBe(200);
  });
});

describe('linking to an existing account', () => {
  it('a wrong password changes nothing and says 20002 as for an unknown email', async () => {
    const p = await newPlayer('pf-wrong');
    const { b } = await consoleSession();
    expect((await linkPassword(b, p, 'Wrong-Horse-1')).code).toBe('20002');
    const unknown = await b.post(G('playstation', 'linking/password'), {
      email: 'nobody-pf@example.com',
      password: PASSWORD,
    });
    expect(unknown.code).toBe('20002');
    expect((await linkingState(b)).pending).toBeNull();
    expect((await b.post(G('playstation', 'linking/verify'), { authType: 'EMAIL', code: '123456' })).code).toBe(
      '20001',
    );
  });

  it('the password alone does not link: the second factor is required', async () => {
    const p = await newPlayer('pf-sms');
    const phone = await enableSms(p);
    const { b } = await consoleSession();
    const r = await linkPassword(b, p);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ authTypes: ['SMS'], primaryAuthType: 'SMS' });
    // Email is no factor of an account with SMS verification; a wrong code counts and links nothing.
    expect(
      (await b.post(G('playstation', 'linking/request-code'), { authType: 'EMAIL', language: 'en_US' })).code,
    ).toBe('20022');
    expect((await b.post(G('playstation', 'linking/verify'), { authType: 'EMAIL', code: '123456' })).code).toBe(
      '20022',
    );
    expect(
      (await b.post(G('playstation', 'linking/request-code'), { authType: 'SMS', language: 'en_US' })).status,
    ).toBe(200);
    const code = await lastSmsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await b.post(G('playstation', 'linking/verify'), { authType: 'SMS', code: wrong })).code).toBe('20013');
    expect((await b.post(G('playstation', 'login/in-game'), { clientId: CLIENT_ID })).code).toBe('20138');
    const ok = await b.post(G('playstation', 'linking/verify'), { authType: 'SMS', code });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ email: p.email });
    expect((await b.post(G('playstation', 'login/in-game'), { clientId: CLIENT_ID })).status).toBe(200);
  });

  it('links with the authenticator code', async () => {
    const p = await newPlayer('pf-totp');
    const secret = await enableTotp(p);
    const { b } = await consoleSession('xbox');
    expect((await linkPassword(b, p, PASSWORD, 'xbox')).json).toMatchObject({ authTypes: ['TOTP'] });
    const at = await alignToStep(1_000, 60_000);
    try {
      const r = await b.post(G('xbox', 'linking/verify'), { authType: 'TOTP', code: totpCode(secret, at) });
      expect(r.status, r.text).toBe(200);
      expect((await linkingState(b, 'xbox')).linked).toBe(true);
    } finally {
      await setClock(0);
    }
  });

  it('a linked identity cannot be linked again (20138), nor a second identity of one platform to an account', async () => {
    const p = await newPlayer('pf-twice');
    const c = await linkByEmail(p);
    expect((await linkPassword(c.b, p)).code).toBe('20138');
    const other = await consoleSession();
    expect((await linkPassword(other.b, p)).status).toBe(200);
    await other.b.post(G('playstation', 'linking/request-code'), { authType: 'EMAIL', language: 'en_US' });
    const [mail] = await mailbox(p.email);
    const r = await other.b.post(G('playstation', 'linking/verify'), { authType: 'EMAIL', code: mail?.code ?? '' });
    expect(r.code).toBe('20138');
    expect((await linkingState(other.b)).linked).toBe(false);
  });

  it('20074 for an account of another region (after its password only)', async () => {
    const p = await newPlayer('pf-region');
    const set = await new Browser().post('/api/dev/account/state', { accountId: p.accountId, accountMembershipNo: 3 });
    expect(set.status, set.text).toBe(200);
    const { b } = await consoleSession();
    expect((await linkPassword(b, p)).code).toBe('20074');
    expect((await linkingState(b)).pending).toBeNull();
  });

  it('refuses bad input without a change', async () => {
    const { b } = await consoleSession();
    expect((await b.post(G('playstation', 'linking/password'), { email: 'not-an-email', password: 'x' })).code).toBe(
      '20022',
    );
    expect((await b.post(G('playstation', 'linking/verify'), { authType: 'SMS', code: '12' })).code).toBe('20022');
  });
});

describe('minor console delink', () => {
  it("removes the console link of a minor's account, and only that", async () => {
    const p = await newPlayer('pf-minor');
    const c = await linkByEmail(p, 'IAL', 'minor');
    // An adult account's link stays.
    expect((await c.b.request('DELETE', IAL('delink/minor-console'))).code).toBe('20138');
    const minor = await new Browser().post('/api/dev/account/state', { accountId: p.accountId, isMinor: true });
    expect(minor.status, minor.text).toBe(200);
    const state = await c.b.get(IAL('linking/state'));
    expect(state.json).toMatchObject({ linked: true, minor: true, accountType: 'minor' });
    // Without a parent's consent the minor's console does not sign in (the dialog's notice).
    expect((await c.b.post(IAL('login/in-game'), { deviceId: 'console-device-2' })).code).toBe('20226');
    const r = await c.b.request('DELETE', IAL('delink/minor-console'));
    expect(r.status, r.text).toBe(200);
    expect((await c.b.post(IAL('login/in-game'), { deviceId: 'console-device-2' })).code).toBe('20138');
  });

  it('20159 without a platform session', async () => {
    expect((await new IpBrowser().request('DELETE', IAL('delink/minor-console'))).code).toBe('20159');
  });
});
