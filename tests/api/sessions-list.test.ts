/**
 * Devices and sessions, and the recent security activity, against workerd:
 * the list (device, browser, country from the edge, signed-in and last-active
 * times, this device first and marked), sign out one (not this one, not
 * another account's), sign out all others, the emails and audit entries, and
 * bad input.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, MINUTE, PASSWORD, setClock } from './client';
import { loginBody, P } from './signin-helpers';
import {
  DeviceBrowser,
  expectCode,
  FIREFOX_LINUX,
  LANG,
  otherDevice,
  SAFARI_IPHONE,
  settingGet,
  settingPost,
  signedIn,
} from './account-lifecycle-helpers';
import { mailbox, newPlayer, startSession, type Player } from './two-factor-helpers';

afterEach(() => setClock(0));

interface Listed {
  sessionId: string;
  browser: string | null;
  os: string | null;
  deviceType: string;
  country: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}
const sessionsOf = async (b: Browser) => {
  const r = await settingGet(b, '/sessions');
  expect(r.status, r.text).toBe(200);
  return (r.json as { sessions: Listed[] }).sessions;
};

/** A player signed in on a Firefox/Linux browser in France (this device) plus `others` more devices. */
async function playerOnDevices(tag: string): Promise<Player & { here: DeviceBrowser }> {
  const p = await newPlayer(tag);
  const here = new DeviceBrowser(FIREFOX_LINUX, 'FR');
  await startSession(here, p.accountId);
  return { ...p, here };
}

describe('list', () => {
  it('shows every session with device, browser, country and times, this device first', async () => {
    const p = await playerOnDevices('ses-list');
    await setClock(5 * MINUTE);
    await otherDevice(p, SAFARI_IPHONE, 'JP');
    const list = await sessionsOf(p.here);
    expect(list).toHaveLength(3); // newPlayer's own session, here, the iPhone
    expect(list[0]).toMatchObject({ current: true, browser: 'Firefox', os: 'Linux', deviceType: 'PC', country: 'FR' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const phone = list.find((s) => s.os === 'iOS');
    expect(phone).toMatchObject({ browser: 'Safari', deviceType: 'MOBILE', country: 'JP', current: false });
    expect(Date.parse(phone?.signedInAt ?? '')).toBeGreaterThan(Date.parse(list[0]?.signedInAt ?? ''));
    // Session ids are opaque handles, not the stored token hash (64 hex characters).
    for (const s of list) expect(s.sessionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists no expired session and no other account’s', async () => {
    const p = await playerOnDevices('ses-expired');
    const stranger = await newPlayer('ses-stranger');
    expect((await sessionsOf(stranger.b)).every((s) => s.current)).toBe(true);
    await setClock(61 * MINUTE); // standard sessions idle out after 60 minutes
    const fresh = new DeviceBrowser(FIREFOX_LINUX, 'FR');
    await startSession(fresh, p.accountId);
    const list = await sessionsOf(fresh);
    expect(list).toHaveLength(1);
    expect(list[0]?.current).toBe(true);
  });

  it('needs a session (20001)', async () => {
    expectCode(await settingGet(new Browser(), '/sessions'), 401, '20001');
  });
});

describe('sign out one', () => {
  it('ends that session only, emails and audits it', async () => {
    const p = await playerOnDevices('ses-one');
    const phone = await otherDevice(p, SAFARI_IPHONE, 'JP');
    const target = (await sessionsOf(p.here)).find((s) => s.os === 'iOS');
    const r = await settingPost(p.here, '/sessions/revoke', { sessionId: target?.sessionId, ...LANG });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ signedOut: true });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(p.here)).toBe(true);
    expect(await signedIn(p.b)).toBe(true);
    expect((await mailbox(p.email))[0]?.text).toContain('A session was signed out of your account: Safari, iOS.');
    const again = await settingPost(p.here, '/sessions/revoke', { sessionId: target?.sessionId, ...LANG });
    expect(again.json).toEqual({ signedOut: false });
  });

  it('refuses this session (400 20022)', async () => {
    const p = await playerOnDevices('ses-self');
    const mine = (await sessionsOf(p.here)).find((s) => s.current);
    expectCode(await settingPost(p.here, '/sessions/revoke', { sessionId: mine?.sessionId, ...LANG }), 400, '20022');
    expect(await signedIn(p.here)).toBe(true);
  });

  it('cannot reach another account’s session', async () => {
    const p = await playerOnDevices('ses-owner');
    const stranger = await newPlayer('ses-attacker');
    const theirs = (await sessionsOf(p.here)).find((s) => !s.current);
    const r = await settingPost(stranger.b, '/sessions/revoke', { sessionId: theirs?.sessionId, ...LANG });
    expect(r.json).toEqual({ signedOut: false });
    expect(await signedIn(p.b)).toBe(true);
  });
});

describe('sign out all others', () => {
  it('ends every other session and keeps this one', async () => {
    const p = await playerOnDevices('ses-all');
    const phone = await otherDevice(p, SAFARI_IPHONE, 'JP');
    const r = await settingPost(p.here, '/sessions/revoke-others', LANG);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ endedSessions: 2 });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(p.b)).toBe(false);
    expect(await signedIn(p.here)).toBe(true);
    expect((await mailbox(p.email))[0]?.text).toContain('Every other session of your account was signed out.');
    expect((await settingPost(p.here, '/sessions/revoke-others', LANG)).json).toEqual({ endedSessions: 0 });
  });

  it('parallel requests end the others once', async () => {
    const p = await playerOnDevices('ses-all-race');
    await otherDevice(p);
    const replies = await Promise.all([1, 2, 3].map(() => settingPost(p.here, '/sessions/revoke-others', LANG)));
    const ended = replies.map((r) => (r.json as { endedSessions: number }).endedSessions);
    expect(ended.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await signedIn(p.here)).toBe(true);
  });
});

describe('recent security activity', () => {
  it('lists sign-ins and security changes with device and country, newest first', async () => {
    const p = await playerOnDevices('act-list');
    const phone = await otherDevice(p, SAFARI_IPHONE, 'JP');
    await settingPost(p.here, '/sessions/revoke-others', LANG);
    const r = await settingGet(p.here, '/activity');
    expect(r.status, r.text).toBe(200);
    const { events } = r.json as { events: { event: string; browser: string | null; country: string | null }[] };
    expect(events[0]).toMatchObject({ event: 'sessions.revoked', browser: 'Firefox', os: 'Linux', country: 'FR' });
    expect(events.some((e) => e.event === 'signin.succeeded')).toBe(false); // the dev hook is not a sign-in
    expect(await signedIn(phone)).toBe(false);
  });

  it('a real sign-in is listed with its browser and country', async () => {
    const p = await newPlayer('act-signin');
    const phone = new DeviceBrowser(SAFARI_IPHONE, 'BR');
    const login = await phone.post(P.login, loginBody({ email: p.email, password: PASSWORD }));
    expect(login.status, login.text).toBe(200);
    const { events } = (await settingGet(p.b, '/activity')).json as { events: Record<string, unknown>[] };
    expect(events[0]).toMatchObject({ event: 'signin.succeeded', browser: 'Safari', os: 'iOS', country: 'BR' });
    const listed = await sessionsOf(p.b);
    expect(listed.find((s) => s.os === 'iOS')).toMatchObject({ country: 'BR', deviceType: 'MOBILE' });
  });

  it('shows at most 30 entries', async () => {
    const p = await playerOnDevices('act-30');
    for (let i = 0; i < 32; i += 1)
      expect((await settingPost(p.here, '/sessions/revoke-others', LANG)).status).toBe(200);
    const { events } = (await settingGet(p.here, '/activity')).json as { events: unknown[] };
    expect(events).toHaveLength(30);
  });
});

describe('bad input', () => {
  it.each([
    ['malformed JSON', '{"sessionId":'],
    ['wrong type', JSON.stringify({ sessionId: 7, ...LANG })],
    ['missing field', JSON.stringify(LANG)],
    ['oversized id', JSON.stringify({ sessionId: 'a'.repeat(65), ...LANG })],
    ['hostile id', JSON.stringify({ sessionId: "x' OR 1=1 --", ...LANG })],
    ['unknown field', JSON.stringify({ sessionId: 'abc', ...LANG, all: true })],
  ])('%s: 400 20022, nothing ends', async (_name, raw) => {
    const p = await playerOnDevices('ses-bad');
    const r = await p.here.request('POST', '/api/account-setting/v1.0/sessions/revoke', { raw });
    expectCode(r, 400, '20022');
    expect(await signedIn(p.b)).toBe(true);
  });

  it('revoke-others refuses unknown fields', async () => {
    const p = await playerOnDevices('ses-bad-all');
    expectCode(await settingPost(p.here, '/sessions/revoke-others', { ...LANG, except: 'x' }), 400, '20022');
    expect(await signedIn(p.b)).toBe(true);
  });
});
