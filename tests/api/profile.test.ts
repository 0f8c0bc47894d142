/**
 * Profile settings against workerd (issue 12 part A): full name, player tag,
 * the email change (password or settings verification, a 30-minute code to
 * the new address, 20010 / 20011, the notice with a revert link to the old
 * address) and the revert (signed out, once, 7 days). Every change needs a
 * verified email; bad bodies answer 4xx with a code and change nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, createAccount, MINUTE, PASSWORD, setClock, uniqueEmail } from './client';
import { lastMail, mailbox, setState, Visitor } from './signin-helpers';

afterEach(() => setClock(0));

const BASE = '/api/account-setting/v1.0';
const DAY = 24 * 60 * MINUTE;
const LANG = { language: 'en_US' };

interface Me {
  v: Visitor;
  accountId: number;
  email: string;
}

async function me(state: Record<string, unknown> = {}): Promise<Me> {
  const v = new Visitor();
  const email = uniqueEmail('profile');
  const accountId = await createAccount(v, email);
  if (Object.keys(state).length > 0) await setState(v, accountId, state);
  const s = await v.post('/api/dev/session', { accountId, level: 'full' });
  expect(s.status, s.text).toBe(200);
  return { v, accountId, email };
}

async function account(v: Visitor) {
  const r = await v.get('/api/account/v1/account');
  expect(r.status, r.text).toBe(200);
  return r.json as {
    email: string;
    isVerified: boolean;
    name: string;
    playerTag: { name: string; number: string } | null;
    renamesRemaining: number;
  };
}

const putName = (v: Visitor, fullName: unknown) => v.put(`${BASE}/name`, { fullName, ...LANG });
const putTag = (v: Visitor, name: unknown) => v.put(`${BASE}/player-tag`, { name, ...LANG });
const requestCode = (v: Visitor, newEmail: string, extra: Record<string, unknown> = { password: PASSWORD }) =>
  v.post(`${BASE}/email/request-code`, { newEmail, ...extra, ...LANG });
const confirm = (v: Visitor, newEmail: string, code: string) => v.put(`${BASE}/email`, { newEmail, code, ...LANG });

async function codeFor(newEmail: string): Promise<string> {
  const { code } = await lastMail(newEmail);
  if (code === undefined) throw new Error('no code');
  return code;
}

/** The newest mail to an address that carries a revert link (other notices, e.g. new sign-ins, may follow it). */
async function revertNotice(to: string) {
  const found = (await mailbox(to)).find((mail) => mail.link?.includes('/revert-id?token=') === true);
  if (found === undefined) throw new Error(`no revert notice to ${to}`);
  return found;
}

/** Changes the email through both steps; returns the revert token from the old address's notice. */
async function changeEmail(m: Me, newEmail: string): Promise<string> {
  expect((await requestCode(m.v, newEmail)).status).toBe(200);
  const r = await confirm(m.v, newEmail, await codeFor(newEmail));
  expect(r.status, r.text).toBe(200);
  const notice = await revertNotice(m.email);
  const token = notice.link === undefined ? null : new URL(notice.link).searchParams.get('token');
  if (token === null) throw new Error('no revert link');
  return token;
}

describe('full name', () => {
  it('stores the normalised name, audits and emails the holder', async () => {
    const m = await me();
    const r = await putName(m.v, '  Jean-Luc   O’Neil ');
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ fullName: 'Jean-Luc O’Neil' });
    expect((await account(m.v)).name).toBe('Jean-Luc O’Neil');
    expect((await mailbox(m.email)).some((mail) => mail.text.includes('Jean-Luc O’Neil'))).toBe(true);
  });

  it('accepts names in other scripts', async () => {
    const m = await me();
    for (const name of ['山田 太郎', 'Zoë Łukasiewicz', 'สมชาย ใจดี', 'Анна Каренина', 'Wang Lei', 'Les Mais']) {
      const r = await putName(m.v, name);
      expect(r.status, `${name}: ${r.text}`).toBe(200);
    }
  });

  it.each([
    ['too short', 'A'],
    ['too long', 'A'.repeat(65)],
    ['digits', 'John 3'],
    ['special characters', 'John <Doe>'],
    ['emoji', 'John 😀'],
    ['repeating punctuation', 'John--Doe'],
    ['punctuation run with a space', 'John. -Doe'],
    ['leading punctuation', '-John'],
    ['profanity', 'Fuck Face'],
    ['profanity of another language', 'Kurwa Nowak'],
    ['profanity inside an unspaced script', '山田くそ'],
  ])('refuses %s with 20216 and keeps the name', async (_what, name) => {
    const m = await me();
    expect((await putName(m.v, 'Jane Doe')).status).toBe(200);
    const r = await putName(m.v, name);
    expect(r.status).toBe(400);
    expect(r.code).toBe('20216');
    expect((await account(m.v)).name).toBe('Jane Doe');
  });

  it('refuses an unverified email with 20038', async () => {
    const m = await me({ emailVerified: false });
    const r = await putName(m.v, 'Jane Doe');
    expect(r.status).toBe(403);
    expect(r.code).toBe('20038');
    expect((await account(m.v)).name).toBe('');
  });

  it('needs a session (20001)', async () => {
    const r = await putName(new Visitor(), 'Jane Doe');
    expect(r.status).toBe(401);
    expect(r.code).toBe('20001');
  });
});

describe('player tag', () => {
  it('is the name plus a random 4-digit number; the first name is free, then two changes', async () => {
    const m = await me();
    expect((await account(m.v)).renamesRemaining).toBe(2);
    const first = await putTag(m.v, 'Nova');
    expect(first.status, first.text).toBe(200);
    const body = first.json as { playerTag: { name: string; number: string }; renamesRemaining: number };
    expect(body.playerTag.name).toBe('Nova');
    expect(body.playerTag.number).toMatch(/^\d{4}$/);
    expect(body.renamesRemaining).toBe(2);
    const tag = `Nova#${body.playerTag.number}`;
    expect((await mailbox(m.email)).some((mail) => mail.text.includes(tag))).toBe(true);
    expect(((await putTag(m.v, 'Nova2')).json as { renamesRemaining: number }).renamesRemaining).toBe(1);
    expect(((await putTag(m.v, 'Nova3')).json as { renamesRemaining: number }).renamesRemaining).toBe(0);
    const none = await putTag(m.v, 'Nova4');
    expect(none.status).toBe(403);
    expect(none.code).toBe('20038');
    const after = await account(m.v);
    expect(after.playerTag?.name).toBe('Nova3');
    expect(after.renamesRemaining).toBe(0);
  });

  it('two parallel changes with one left: one applies', async () => {
    const m = await me();
    await putTag(m.v, 'First');
    await putTag(m.v, 'Second');
    const replies = await Promise.all([putTag(m.v, 'ThirdA'), putTag(m.v, 'ThirdB')]);
    expect(replies.map((r) => `${String(r.status)} ${r.code ?? ''}`).sort(), replies.map((r) => r.text).join()).toEqual(
      ['200 ', '403 20038'],
    );
    expect((await account(m.v)).renamesRemaining).toBe(0);
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(17)],
    ['not alphanumeric', 'Nova_1'],
    ['spaces', 'No va'],
    ['non-ASCII letters', 'Zoë'],
    ['offensive', 'FuckYou99'],
    ['offensive, other language', 'Siktir'],
  ])('refuses %s with 20216 and spends nothing', async (_what, name) => {
    const m = await me();
    const r = await putTag(m.v, name);
    expect(r.status).toBe(400);
    expect(r.code).toBe('20216');
    const a = await account(m.v);
    expect(a.playerTag).toBeNull();
    expect(a.renamesRemaining).toBe(2);
  });

  it('refuses an unverified email with 20038', async () => {
    const m = await me({ emailVerified: false });
    expect((await putTag(m.v, 'Nova')).code).toBe('20038');
  });
});

describe('email change', () => {
  it('password, a code to the new address, then the change; the old address gets the revert link', async () => {
    const m = await me();
    const newEmail = uniqueEmail('new');
    const sent = await requestCode(m.v, newEmail);
    expect(sent.status, sent.text).toBe(200);
    const code = await codeFor(newEmail);
    expect(code).toMatch(/^\d{6}$/);
    expect((await account(m.v)).email).toBe(m.email);
    const r = await confirm(m.v, newEmail, code);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: newEmail });
    const a = await account(m.v);
    expect(a.email).toBe(newEmail);
    expect(a.isVerified).toBe(true);
    const notice = await revertNotice(m.email);
    expect(notice.text).toContain(newEmail);
    expect(notice.link).toMatch(/\/account\/en\/revert-id\?token=/);
    expect((await mailbox(newEmail)).length).toBe(2);
    // The code worked once.
    expect((await confirm(m.v, newEmail, code)).code).toBe('20068');
  });

  it('signs in with the new address afterwards, not the old', async () => {
    const m = await me();
    const newEmail = uniqueEmail('new');
    await changeEmail(m, newEmail);
    const login = (id: string) => new Visitor().post('/api/dev/verify-password', { email: id, password: PASSWORD });
    expect((await login(newEmail)).status).toBe(200);
    expect((await login(m.email)).status).not.toBe(200);
  });

  it('the code is valid 30 minutes', async () => {
    const m = await me();
    const early = uniqueEmail('new');
    await requestCode(m.v, early);
    await setClock(29 * MINUTE);
    expect((await confirm(m.v, early, await codeFor(early))).status).toBe(200);

    await setClock(0);
    const m2 = await me();
    const late = uniqueEmail('new');
    await requestCode(m2.v, late);
    await setClock(31 * MINUTE);
    const r = await confirm(m2.v, late, await codeFor(late));
    expect(r.status).toBe(400);
    expect(r.code).toBe('20068');
    expect((await account(m2.v)).email).toBe(m2.email);
  });

  it('a code is bound to its address: it does not change the email to another one', async () => {
    const m = await me();
    const asked = uniqueEmail('new');
    await requestCode(m.v, asked);
    const r = await confirm(m.v, uniqueEmail('other'), await codeFor(asked));
    expect(r.code).toBe('20068');
    expect((await account(m.v)).email).toBe(m.email);
  });

  it('a wrong code answers 20013 and changes nothing', async () => {
    const m = await me();
    const newEmail = uniqueEmail('new');
    await requestCode(m.v, newEmail);
    const code = await codeFor(newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    const r = await confirm(m.v, newEmail, wrong);
    expect(r.status).toBe(400);
    expect(r.code).toBe('20013');
    expect((await account(m.v)).email).toBe(m.email);
  });

  it('a wrong password answers 20002 and sends no code', async () => {
    const m = await me();
    const newEmail = uniqueEmail('new');
    const r = await requestCode(m.v, newEmail, { password: 'Not-The-Password-1' });
    expect(r.status).toBe(401);
    expect(r.code).toBe('20002');
    expect(await mailbox(newEmail)).toEqual([]);
  });

  it('without a password it needs a settings verification (20008 N=9); a fresh one lets it through', async () => {
    const m = await me({ hasPassword: false });
    // The dev session counts as a fresh sign-in: move past the 10 minutes a verification lasts.
    await setClock(11 * MINUTE);
    const newEmail = uniqueEmail('new');
    const r = await requestCode(m.v, newEmail, {});
    expect(r.status).toBe(403);
    expect(r.code).toBe('20008');
    expect(await mailbox(newEmail)).toEqual([]);
    await setClock(0);
    expect((await requestCode(m.v, newEmail, {})).status).toBe(200);
  });

  it('refuses an address of another account (20010) and of another region (20011)', async () => {
    const m = await me();
    const other = await me();
    const taken = await requestCode(m.v, other.email);
    expect(taken.status).toBe(409);
    expect(taken.code).toBe('20010');
    const elsewhere = await me();
    await setState(elsewhere.v, elsewhere.accountId, { accountMembershipNo: 3 });
    const region = await requestCode(m.v, elsewhere.email);
    expect(region.status).toBe(409);
    expect(region.code).toBe('20011');
    expect((await account(m.v)).email).toBe(m.email);
  });

  it('refuses at confirm time an address another account took meanwhile (20010)', async () => {
    const m = await me();
    const newEmail = uniqueEmail('race');
    await requestCode(m.v, newEmail);
    const code = await codeFor(newEmail);
    await createAccount(new Browser(), newEmail);
    const r = await confirm(m.v, newEmail, code);
    expect(r.code).toBe('20010');
    expect((await account(m.v)).email).toBe(m.email);
  });

  it('refuses an unverified email (20038)', async () => {
    const m = await me({ emailVerified: false });
    const r = await requestCode(m.v, uniqueEmail('new'));
    expect(r.status).toBe(403);
    expect(r.code).toBe('20038');
  });

  it('the current address is not a new one (20022)', async () => {
    const m = await me();
    const r = await requestCode(m.v, m.email.toUpperCase());
    expect(r.status).toBe(400);
    expect(r.code).toBe('20022');
  });

  it('sends at most 5 codes an hour per account (20157)', async () => {
    const m = await me();
    for (let i = 0; i < 5; i++) expect((await requestCode(m.v, uniqueEmail('n'))).status).toBe(200);
    const r = await requestCode(m.v, uniqueEmail('n'));
    expect(r.status).toBe(429);
    expect(r.code).toBe('20157');
  });
});

describe('revert link', () => {
  it('works signed out, once: restores the old address and signs everyone out', async () => {
    const m = await me();
    const newEmail = uniqueEmail('new');
    const token = await changeEmail(m, newEmail);
    const stranger = new Visitor();
    const check = await stranger.post(`${BASE}/no-auth/email/revert/check`, { token });
    expect(check.status, check.text).toBe(200);
    expect(check.json).toEqual({ email: m.email });
    const r = await stranger.put(`${BASE}/no-auth/email/revert`, { token, ...LANG });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ email: m.email });
    // The session that changed the address is gone.
    expect((await m.v.get('/api/account/v1/account')).code).toBe('20001');
    const again = await stranger.put(`${BASE}/no-auth/email/revert`, { token, ...LANG });
    expect(again.status).toBe(400);
    expect(again.code).toBe('20068');
    const back = await me();
    await setState(back.v, m.accountId, { emailVerified: true });
    const s = await back.v.post('/api/dev/session', { accountId: m.accountId, level: 'full' });
    expect(s.status).toBe(200);
    expect((await account(back.v)).email).toBe(m.email);
    expect((await mailbox(m.email)).some((mail) => /restored/.test(mail.subject))).toBe(true);
  });

  it('lives 7 days', async () => {
    const m = await me();
    const token = await changeEmail(m, uniqueEmail('new'));
    await setClock(7 * DAY + MINUTE);
    const r = await new Visitor().put(`${BASE}/no-auth/email/revert`, { token, ...LANG });
    expect(r.status).toBe(410);
    expect(r.code).toBe('20018');
    await setClock(7 * DAY - MINUTE);
    expect((await new Visitor().post(`${BASE}/no-auth/email/revert/check`, { token })).status).toBe(200);
  });

  it('of two parallel uses, one applies', async () => {
    const m = await me();
    const token = await changeEmail(m, uniqueEmail('new'));
    const replies = await Promise.all([
      new Visitor().put(`${BASE}/no-auth/email/revert`, { token, ...LANG }),
      new Visitor().put(`${BASE}/no-auth/email/revert`, { token, ...LANG }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('after two changes, the first link still restores the first address and retires the second', async () => {
    const m = await me();
    const second = uniqueEmail('second');
    const firstToken = await changeEmail(m, second);
    const third = uniqueEmail('third');
    expect((await requestCode(m.v, third)).status).toBe(200);
    expect((await confirm(m.v, third, await codeFor(third))).status).toBe(200);
    const secondNotice = await revertNotice(second);
    const secondToken = new URL(secondNotice.link ?? 'http://x/').searchParams.get('token') ?? '';
    expect((await new Visitor().put(`${BASE}/no-auth/email/revert`, { token: firstToken, ...LANG })).status).toBe(200);
    expect((await new Visitor().put(`${BASE}/no-auth/email/revert`, { token: secondToken, ...LANG })).code).toBe(
      '20068',
    );
  });

  it('refuses an unknown token (20068)', async () => {
    const r = await new Visitor().put(`${BASE}/no-auth/email/revert`, { token: 'x'.repeat(43), ...LANG });
    expect(r.status).toBe(400);
    expect(r.code).toBe('20068');
  });
});

describe('bad input', () => {
  const cases: [string, string, string, unknown][] = [
    ['name: wrong type', 'PUT', '/name', { fullName: 42, ...LANG }],
    ['name: oversized', 'PUT', '/name', { fullName: 'a'.repeat(257), ...LANG }],
    ['name: unknown field', 'PUT', '/name', { fullName: 'Jane Doe', admin: true, ...LANG }],
    ['name: missing field', 'PUT', '/name', { ...LANG }],
    ['name: control character', 'PUT', '/name', { fullName: 'Jane\u0000Doe', ...LANG }],
    ['tag: wrong type', 'PUT', '/player-tag', { name: ['Nova'], ...LANG }],
    ['tag: oversized', 'PUT', '/player-tag', { name: 'a'.repeat(65), ...LANG }],
    ['email: not an email', 'POST', '/email/request-code', { newEmail: 'nope', password: PASSWORD, ...LANG }],
    ['email: oversized', 'POST', '/email/request-code', { newEmail: `${'a'.repeat(250)}@x.io`, ...LANG }],
    ['email: password wrong type', 'POST', '/email/request-code', { newEmail: 'a@b.io', password: 1, ...LANG }],
    ['confirm: short code', 'PUT', '/email', { newEmail: 'a@b.io', code: '123', ...LANG }],
    ['confirm: code wrong type', 'PUT', '/email', { newEmail: 'a@b.io', code: 123456, ...LANG }],
    ['revert: token with a space', 'PUT', '/no-auth/email/revert', { token: 'a b', ...LANG }],
    ['revert: token oversized', 'POST', '/no-auth/email/revert/check', { token: 'a'.repeat(4097) }],
  ];
  it.each(cases)('%s → 400 20022, nothing changed', async (_what, method, path, body) => {
    const m = await me();
    const r = await m.v.request(method, `${BASE}${path}`, { body });
    expect(r.status, r.text).toBe(400);
    expect(r.code).toBe('20022');
    const a = await account(m.v);
    expect(a.email).toBe(m.email);
    expect(a.name).toBe('');
    expect(a.playerTag).toBeNull();
  });

  it('malformed JSON → 400 20022', async () => {
    const m = await me();
    const r = await m.v.request('PUT', `${BASE}/name`, { raw: '{"fullName": "Jane' });
    expect(r.status).toBe(400);
    expect(r.code).toBe('20022');
  });

  it('a repeated key → 400 20022', async () => {
    const m = await me();
    const r = await m.v.request('PUT', `${BASE}/name`, {
      raw: '{"fullName":"Jane Doe","fullName":"Fuck","language":"en_US"}',
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('20022');
    expect((await account(m.v)).name).toBe('');
  });
});
