/**
 * Email sign-up on a platform and the store connector's ticket login (docs/platforms.md "Email sign-up",
 * docs/launcher.md): steam/tpa-session-cookie (forged, expired, replayed tickets, the 17-digit store ID), the
 * in-game and connector validate / request-code / code calls (both prefixes), the sign-up pipeline's refusals
 * (bad input changes nothing), code attempts under parallel requests, no enumeration, and the links made.
 */
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Browser, MINUTE, setClock, uniqueEmail, type Reply } from './client';
import {
  clock,
  deviceId,
  lastMail,
  mailbox,
  NEW_PASSWORD,
  P as SP,
  player,
  Visitor,
  wrongCode,
} from './signin-helpers';
import { startFlow, T } from './social-helpers';
import { openInstanceDb, type InstanceDb } from './instance-db';

afterEach(() => setClock(0));

// The API's own database (read only here; D1, or PostgreSQL on api-pg): what a sign-up recorded beside the account.
let instance: InstanceDb;
beforeAll(async () => {
  instance = await openInstanceDb();
});
afterAll(() => instance.close());

/** The blackBox row and the links of the account with this email. */
async function recorded(email: string) {
  const { db } = instance;
  const account = await db.first(db.q.selectFrom('accounts').select('id').where('email', '=', email));
  if (account === undefined) return null;
  const blackBox = await db.first(
    db.q.selectFrom('signup_black_boxes').select(['channel', 'black_box']).where('account_id', '=', account.id),
  );
  const consoles = await db.all(
    db.q.selectFrom('platform_links').select(['platform', 'platform_user_id']).where('account_id', '=', account.id),
  );
  const providers = await db.all(
    db.q.selectFrom('linked_providers').select(['provider', 'provider_user_id']).where('account_id', '=', account.id),
  );
  return { blackBox: blackBox ?? null, consoles, providers };
}

const ACCOUNT = '/api/account/v1';
const G = (platform: string, path: string) => `${ACCOUNT}/no-auth/global/${platform}/${path}`;
const IAL = (path: string) => `${ACCOUNT}/no-auth/ial/${path}`;
const P = (platform: string, path: string) => (platform === 'IAL' ? IAL(path) : G(platform, path));
const STEAM_SESSION = `${ACCOUNT}/no-auth/login/steam/tpa-session-cookie`;
const CLIENT_ID = '1888';
const BLACK_BOX = 'bb-0123456789abcdef0123456789abcdef';

let counter = 0;
function consoleUser(): string {
  counter += 1;
  return `pfs-${Date.now().toString(36)}-${String(counter)}`;
}
/** A fresh 17-digit store ID. */
function storeId(): string {
  counter += 1;
  return `76561198${String((Date.now() * 7 + counter * 7919) % 1_000_000_000).padStart(9, '0')}`;
}

async function mint(platform: string, platformUserId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await new Browser().post('/api/dev/platform/ticket', { platform, platformUserId, ...extra });
  expect(r.status, r.text).toBe(200);
  return (r.json as { ticket: string }).ticket;
}

/** A console browser with a platform session of a fresh identity. */
async function consoleSession(platform = 'playstation', accountType: 'adult' | 'minor' = 'adult') {
  const b = new Visitor();
  const user = consoleUser();
  const r = await b.post(P(platform, 'login/pf-session-cookie'), {
    clientId: CLIENT_ID,
    sessionTicket: await mint(platform, user, { accountType }),
  });
  expect(r.status, r.text).toBe(200);
  return { b, user };
}

/** A store connector's browser with the third-party session its session ticket opened. */
async function connectorSession(id = storeId()) {
  const b = new Visitor();
  const r = await b.post(STEAM_SESSION, { clientId: CLIENT_ID, steamSessionTicket: await mint('steam', id) });
  expect(r.status, r.text).toBe(200);
  return { b, id, reply: r };
}

const validateBody = (email: string) => ({ newsletter: false, clientId: CLIENT_ID, email, language: 'en_US' });

function codeBody(email: string, code: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    code,
    codeType: 'EMAIL',
    clientId: CLIENT_ID,
    deviceId: 'device-pf-signup',
    blackBox: BLACK_BOX,
    password: NEW_PASSWORD,
    countryCode: 'US',
    birthday: '1994-06-02',
    newsletter: true,
    language: 'en_US',
    ...extra,
  };
}

async function sentCode(email: string): Promise<string> {
  const { code } = await lastMail(email);
  if (code === undefined) throw new Error('no code');
  return code;
}

/** Sign-in with the new account's password answers 200 (it exists) or 20002 (it does not). */
async function canSignIn(email: string): Promise<boolean> {
  const r = await new Visitor().post(SP.login, {
    id: email,
    password: NEW_PASSWORD,
    captchaToken: 'dev-captcha-pass',
    captchaVersion: 'v3',
    deviceId: deviceId(),
    autoLogin: false,
    ...clock(),
  });
  return r.status === 200;
}

async function forged(platform: string, sub: string, key = 'not-the-dev-key-at-all-not-the-dev-key', ttl = 300) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(`urn:lumenforge:dev-issuer:${platform}`)
    .setAudience('lumenforge-account')
    .setSubject(sub)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .sign(new TextEncoder().encode(key));
}

describe('steam/tpa-session-cookie (store connector ticket login)', () => {
  it('a ticket of the local issuer opens the third-party session; email null while not linked', async () => {
    const { b, reply } = await connectorSession();
    expect(reply.json).toEqual({ email: null });
    expect(b.cookies.has('__Host-tpa')).toBe(true);
    expect(b.session).toBeUndefined();
  });

  it('refuses forged, garbage, expired, replayed and another platform’s tickets with the one INVALID_TICKET', async () => {
    const b = new Visitor();
    const refuse = async (ticket: string) => {
      const r = await b.post(STEAM_SESSION, { clientId: CLIENT_ID, steamSessionTicket: ticket });
      expect([r.status, r.code]).toEqual([401, 'INVALID_TICKET']);
    };
    await refuse(await forged('steam', storeId()));
    await refuse('abc.def.ghi');
    await refuse(await mint('steam', storeId(), { ttl: -10 }));
    await refuse(await mint('playstation', storeId()));
    const ticket = await mint('steam', storeId());
    expect((await b.post(STEAM_SESSION, { clientId: CLIENT_ID, steamSessionTicket: ticket })).status).toBe(200);
    const other = new Visitor();
    const again = await other.post(STEAM_SESSION, { clientId: CLIENT_ID, steamSessionTicket: ticket });
    expect(again.code).toBe('INVALID_TICKET');
    expect(other.cookies.has('__Host-tpa')).toBe(false);
  });

  it('the store ID must be 17 digits', async () => {
    for (const id of ['7656119800000000', '765611980000000001', 'player-one', '7656119800000000a']) {
      const r = await new Visitor().post(STEAM_SESSION, {
        clientId: CLIENT_ID,
        steamSessionTicket: await mint('steam', id),
      });
      expect(r.code, id).toBe('INVALID_TICKET');
    }
  });

  it('refuses bad input (20022)', async () => {
    const b = new Visitor();
    expect((await b.post(STEAM_SESSION, { clientId: CLIENT_ID })).code).toBe('20022');
    expect((await b.post(STEAM_SESSION, { steamSessionTicket: 'x', clientId: CLIENT_ID, extra: 1 })).code).toBe(
      '20022',
    );
  });
});

describe('connector email sign-up', () => {
  it('validate sends a code; code creates the account, links the store ID, signs in; the host gets the email', async () => {
    const { b, id } = await connectorSession();
    const email = uniqueEmail('connector');
    expect((await b.post(G('steam', 'signup/email/validate'), validateBody(email))).status).toBe(200);
    const code = await sentCode(email);
    const r = await b.post(G('steam', 'signup/email/code'), codeBody(email, code));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ email, hashedGlobalUserNo: expect.any(String) as string });
    expect(b.session).toBeDefined();
    expect(await recorded(email)).toEqual({
      blackBox: { channel: 'connector:steam', black_box: BLACK_BOX },
      consoles: [],
      providers: [{ provider: 'steam', provider_user_id: id }],
    });
    // The third-party session was spent by the sign-up.
    expect((await b.post(G('steam', 'signup/email/code'), codeBody(uniqueEmail('again'), code))).code).toBe('20159');
    // The same store ID is now this account: a new ticket answers its email, and the launcher's tpa login signs in.
    const later = await connectorSession(id);
    expect(later.reply.json).toEqual({ email });
    const login = await later.b.post(`${ACCOUNT}/no-auth/login/tpa/launcher`, {
      clientId: CLIENT_ID,
      deviceId: deviceId(),
      ...clock(),
    });
    expect(login.status, login.text).toBe(200);
    expect(await canSignIn(email)).toBe(true);
  });

  it('the PC store OpenID sign-in of the same store ID finds the same account', async () => {
    const { b, id } = await connectorSession();
    const email = uniqueEmail('same-player');
    await b.post(G('steam', 'signup/email/validate'), validateBody(email));
    expect((await b.post(G('steam', 'signup/email/code'), codeBody(email, await sentCode(email)))).status).toBe(200);
    const web = new Visitor();
    const auth = new URL(await startFlow(web, 'steam'));
    const store = await fetch(auth.origin + auth.pathname, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ steamid: id, return_to: auth.searchParams.get('openid.return_to') ?? '' }).toString(),
    });
    const back = new URL(store.headers.get('location') ?? '');
    const ret = await web.get(back.pathname + back.search);
    const cb = new URL(ret.headers.get('location') ?? '');
    const s = await web.post(T.session, {
      tpaType: 'steam',
      code: cb.searchParams.get('code'),
      state: cb.searchParams.get('state'),
    });
    expect(s.json).toMatchObject({ next: 'login' });
    const login = await web.post(T.login, { deviceId: deviceId(), ...clock() });
    expect(login.status, login.text).toBe(200);
    expect((await web.get(SP.account)).json).toMatchObject({ email });
  });

  it('needs the connector’s third-party session (20159), of the store platform', async () => {
    const b = new Visitor();
    const email = uniqueEmail('no-session');
    expect((await b.post(G('steam', 'signup/email/validate'), validateBody(email))).code).toBe('20159');
    expect((await b.post(G('steam', 'email/request-code'), { email, language: 'en_US' })).code).toBe('20159');
    expect((await b.post(G('steam', 'signup/email/code'), codeBody(email, '123456'))).code).toBe('20159');
    expect(await mailbox(email)).toEqual([]);
    // Not a connector platform, and IAL has none: 20022.
    const { b: c } = await connectorSession();
    expect((await c.post(G('xbox', 'signup/email/validate'), validateBody(email))).code).toBe('20022');
    expect((await c.post(IAL('signup/email/validate'), validateBody(email))).code).toBe('20022');
    expect((await c.post(IAL('signup/email/code'), codeBody(email, '123456'))).code).toBe('20022');
    expect(await mailbox(email)).toEqual([]);
  });

  it('a linked store ID cannot sign up again (20138)', async () => {
    const { b, id } = await connectorSession();
    const email = uniqueEmail('linked');
    await b.post(G('steam', 'signup/email/validate'), validateBody(email));
    expect((await b.post(G('steam', 'signup/email/code'), codeBody(email, await sentCode(email)))).status).toBe(200);
    const { b: again } = await connectorSession(id);
    const other = uniqueEmail('linked-2');
    expect((await again.post(G('steam', 'signup/email/validate'), validateBody(other))).code).toBe('20138');
    expect(await mailbox(other)).toEqual([]);
  });

  it('email/request-code sends a new code; the old one no longer works', async () => {
    const { b } = await connectorSession();
    const email = uniqueEmail('resend');
    await b.post(G('steam', 'signup/email/validate'), validateBody(email));
    const first = await sentCode(email);
    expect((await b.post(G('steam', 'email/request-code'), { email, language: 'de_DE' })).status).toBe(200);
    const second = await sentCode(email);
    expect((await lastMail(email)).subject).toBe('Dein Lumenforge-Bestätigungscode');
    if (first !== second)
      expect((await b.post(G('steam', 'signup/email/code'), codeBody(email, first))).code).toBe('20013');
    expect((await b.post(G('steam', 'signup/email/code'), codeBody(email, second))).status).toBe(200);
  });
});

describe('in-game email sign-up', () => {
  for (const platform of ['playstation', 'IAL']) {
    it(`${platform}: creates the account linked to the console identity; in-game login then signs in`, async () => {
      const { b, user } = await consoleSession(platform);
      const email = uniqueEmail(`ingame-${platform.toLowerCase()}`);
      expect((await b.post(P(platform, 'signup/in-game/email/validate'), validateBody(email))).status).toBe(200);
      const r = await b.post(P(platform, 'signup/in-game/email/code'), codeBody(email, await sentCode(email)));
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ email, hashedGlobalUserNo: expect.any(String) as string });
      expect(await recorded(email)).toEqual({
        blackBox: { channel: platform, black_box: BLACK_BOX },
        consoles: [{ platform, platform_user_id: user }],
        providers: [],
      });
      const state = await b.get(P(platform, 'linking/state'));
      expect(state.json).toMatchObject({ linked: true, minor: false });
      const login = await b.post(
        P(platform, 'login/in-game'),
        platform === 'IAL' ? { deviceId: deviceId() } : { clientId: CLIENT_ID },
      );
      expect(login.status, login.text).toBe(200);
      expect(login.json).toMatchObject({ email });
    });
  }

  it('needs the platform session (20159) of the same platform', async () => {
    const email = uniqueEmail('ingame-none');
    const b = new Visitor();
    expect((await b.post(G('xbox', 'signup/in-game/email/validate'), validateBody(email))).code).toBe('20159');
    expect((await b.post(G('xbox', 'email/request-code'), { email, language: 'en_US' })).code).toBe('20159');
    expect((await b.post(IAL('email/request-code'), { email, language: 'en_US' })).code).toBe('20159');
    expect((await b.post(G('xbox', 'signup/in-game/email/code'), codeBody(email, '123456'))).code).toBe('20159');
    const { b: ps } = await consoleSession('playstation');
    expect((await ps.post(G('xbox', 'signup/in-game/email/validate'), validateBody(email))).code).toBe('20159');
    expect((await ps.post(G('IAL', 'signup/in-game/email/validate'), validateBody(email))).code).toBe('20022');
    expect((await ps.post(G('steam', 'signup/in-game/email/validate'), validateBody(email))).code).toBe('20022');
    expect(await mailbox(email)).toEqual([]);
  });

  it('a linked console cannot sign up (20138); a minor console signs up with a parent (20022)', async () => {
    const { b } = await consoleSession('xbox');
    const email = uniqueEmail('ingame-linked');
    await b.post(G('xbox', 'signup/in-game/email/validate'), validateBody(email));
    expect((await b.post(G('xbox', 'signup/in-game/email/code'), codeBody(email, await sentCode(email)))).status).toBe(
      200,
    );
    const other = uniqueEmail('ingame-linked-2');
    expect((await b.post(G('xbox', 'signup/in-game/email/validate'), validateBody(other))).code).toBe('20138');
    const minor = await consoleSession('playstation', 'minor');
    expect((await minor.b.post(G('playstation', 'signup/in-game/email/validate'), validateBody(other))).code).toBe(
      '20022',
    );
    expect(await mailbox(other)).toEqual([]);
  });

  it('refusals change nothing: bad input, minor birth date, weak password, missing blackBox, wrong code', async () => {
    const { b } = await consoleSession('nintendo');
    const email = uniqueEmail('ingame-bad');
    await b.post(G('nintendo', 'signup/in-game/email/validate'), validateBody(email));
    const code = await sentCode(email);
    const path = G('nintendo', 'signup/in-game/email/code');
    const refused = async (extra: Record<string, unknown>, expected: string) => {
      const r: Reply = await b.post(path, codeBody(email, code, extra));
      expect(r.code, JSON.stringify(extra)).toBe(expected);
    };
    await refused({ countryCode: 'ZZ' }, '20022');
    await refused({ birthday: '2999-01-01' }, '20022');
    await refused({ birthday: `${String(new Date().getUTCFullYear() - 10)}-01-01` }, '20022');
    await refused({ password: 'short' }, '20194');
    await refused({ blackBox: undefined }, '20022');
    await refused({ codeType: 'SMS' }, '20022');
    await refused({ unexpected: true }, '20022');
    await refused({ code: wrongCode(code) }, '20013');
    expect(await canSignIn(email)).toBe(false);
    expect(await recorded(email)).toBeNull();
    expect((await b.get(G('nintendo', 'linking/state'))).json).toMatchObject({ linked: false });
    // The right code still works (one wrong try so far).
    expect((await b.post(path, codeBody(email, code))).status).toBe(200);
  });

  it('code attempts under parallel requests: at most 5 are evaluated, then the address locks (20157)', async () => {
    const { b } = await consoleSession('playstation');
    const email = uniqueEmail('ingame-burst');
    await b.post(G('playstation', 'signup/in-game/email/validate'), validateBody(email));
    const code = await sentCode(email);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      new Visitor().post(
        G('playstation', 'signup/in-game/email/code'),
        codeBody(email, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
      ),
    );
    // Without the platform session those are 20159: send them from the console's browser instead.
    expect((await Promise.all(guesses)).every((r) => r.code === '20159')).toBe(true);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        b.post(
          G('playstation', 'signup/in-game/email/code'),
          codeBody(email, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')),
        ),
      ),
    );
    const codes = burst.map((r) => r.code);
    expect(codes.filter((c) => c === '20013').length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === '20157').length).toBeGreaterThanOrEqual(8);
    // Locked: even the right code is refused, and no account exists.
    expect((await b.post(G('playstation', 'signup/in-game/email/code'), codeBody(email, code))).code).toBe('20157');
    expect(await canSignIn(email)).toBe(false);
    // After the lock a new code works (the old one died with its failed tries).
    await setClock(15 * MINUTE + 1000);
    expect((await b.post(G('playstation', 'email/request-code'), { email, language: 'en_US' })).status).toBe(200);
    const fresh = await sentCode(email);
    expect((await b.post(G('playstation', 'signup/in-game/email/code'), codeBody(email, fresh))).status).toBe(200);
  });

  it('two parallel sign-ups for one console: one account, linked; the other 20138 and no account', async () => {
    const { b, user } = await consoleSession('playstation');
    const [first, second] = [uniqueEmail('race-a'), uniqueEmail('race-b')];
    await b.post(G('playstation', 'signup/in-game/email/validate'), validateBody(first));
    await b.post(G('playstation', 'signup/in-game/email/validate'), validateBody(second));
    const [codeA, codeB] = [await sentCode(first), await sentCode(second)];
    const replies = await Promise.all([
      b.post(G('playstation', 'signup/in-game/email/code'), codeBody(first, codeA)),
      b.post(G('playstation', 'signup/in-game/email/code'), codeBody(second, codeB)),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.code).toBe('20138');
    const won = replies[0].status === 200 ? first : second;
    const lost = won === first ? second : first;
    expect((await recorded(won))?.consoles).toEqual([{ platform: 'playstation', platform_user_id: user }]);
    expect(await recorded(lost)).toBeNull();
  });

  it('no enumeration: a registered address answers as a new one; its owner is told by email, no code', async () => {
    const existing = await player({}, 'pf-taken');
    const free = uniqueEmail('pf-free');
    const { b } = await consoleSession('xbox');
    for (const [path, body] of [
      [G('xbox', 'signup/in-game/email/validate'), validateBody],
      [G('xbox', 'email/request-code'), (e: string) => ({ email: e, language: 'en_US' })],
    ] as const) {
      const taken = await b.post(path, body(existing.email));
      const open = await b.post(path, body(free));
      expect([taken.status, taken.code, taken.text], path).toEqual([open.status, open.code, open.text]);
      expect(taken.status).toBe(200);
    }
    const notice = await lastMail(existing.email);
    expect(notice.subject).toBe('You already have a Lumenforge Account');
    expect(notice.code).toBeUndefined();
    // No code exists for it: the last step fails like a wrong code.
    expect((await b.post(G('xbox', 'signup/in-game/email/code'), codeBody(existing.email, '123456'))).code).toBe(
      '20013',
    );
    expect((await b.get(G('xbox', 'linking/state'))).json).toMatchObject({ linked: false });
  });

  it('refuses bad input on validate and request-code (20022) without sending', async () => {
    const { b } = await consoleSession('playstation');
    const email = uniqueEmail('pf-bad');
    const v = G('playstation', 'signup/in-game/email/validate');
    expect((await b.post(v, { ...validateBody(email), newsletter: 'yes' })).code).toBe('20022');
    expect((await b.post(v, { ...validateBody(email), language: 'xx' })).code).toBe('20022');
    expect((await b.post(v, { ...validateBody('not-an-email') })).code).toBe('20022');
    expect((await b.post(G('playstation', 'email/request-code'), { email })).code).toBe('20022');
    expect(await mailbox(email)).toEqual([]);
  });
});
