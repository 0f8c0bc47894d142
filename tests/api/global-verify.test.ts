/**
 * The global-account client's email verification by code (server/signin/global-verify-routes.ts): the code goes to the
 * signed-in account's own unverified address; a right code verifies it and answers the sign-in; wrong, expired,
 * replaced and reset-type codes, other addresses, no session and parallel guesses are refused and change nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MINUTE, setClock } from './client';
import { get, IpBrowser, mailbox, newPlayer, post, type Player } from './two-factor-helpers';

afterEach(() => setClock(0));

const REQUEST = '/no-auth/global/verify/request-code';
const VERIFY = '/no-auth/global/verify-with-code';

async function unverifiedPlayer(tag: string): Promise<Player> {
  const p = await newPlayer(tag);
  const r = await p.b.post('/api/dev/account/state', { accountId: p.accountId, emailVerified: false });
  expect(r.status, r.text).toBe(200);
  return p;
}

async function sendCode(p: Player): Promise<string> {
  const r = await post(p.b, REQUEST, { email: p.email, language: 'en_US' });
  expect(r.status, r.text).toBe(200);
  const [latest] = await mailbox(p.email);
  if (latest?.code === undefined) throw new Error('no code mailed');
  return latest.code;
}

const verifyBody = (p: Player, code: string, codeType = 'SIGNUP') => ({
  email: p.email,
  code,
  codeType,
  social: false,
});
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

async function isVerified(p: Player): Promise<boolean> {
  const r = await get(p.b, '/account');
  expect(r.status, r.text).toBe(200);
  return (r.json as { isVerified: boolean }).isVerified;
}

describe('global verify with code', () => {
  it('a right code verifies the address once and answers the sign-in', async () => {
    const p = await unverifiedPlayer('gv-ok');
    const code = await sendCode(p);
    const r = await post(p.b, VERIFY, verifyBody(p, code, 'LOGIN'));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ autoLogin: false });
    expect(await isVerified(p)).toBe(true);
    // Used up, and the address is verified now: the same code is refused.
    expect((await post(p.b, VERIFY, verifyBody(p, code))).code).toBe('20022');
  });

  it('a wrong code is refused and changes nothing; five wrong lock even the right code', async () => {
    const p = await unverifiedPlayer('gv-wrong');
    const code = await sendCode(p);
    for (let i = 0; i < 4; i += 1) expect((await post(p.b, VERIFY, verifyBody(p, wrongOf(code)))).code).toBe('20013');
    expect((await post(p.b, VERIFY, verifyBody(p, wrongOf(code)))).code).toBe('20157');
    expect((await post(p.b, VERIFY, verifyBody(p, code))).code).toBe('20157');
    expect(await isVerified(p)).toBe(false);
  });

  it('parallel guesses never outnumber the limit', async () => {
    const p = await unverifiedPlayer('gv-burst');
    const code = await sendCode(p);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => post(p.b, VERIFY, verifyBody(p, wrongOf(code)))),
    );
    expect(replies.filter((r) => r.code === '20013').length).toBeLessThanOrEqual(5);
    expect(replies.every((r) => r.code === '20013' || r.code === '20157')).toBe(true);
    expect(await isVerified(p)).toBe(false);
  });

  it('an expired or replaced code is refused', async () => {
    const p = await unverifiedPlayer('gv-expired');
    const first = await sendCode(p);
    const second = await sendCode(p);
    if (first !== second) expect((await post(p.b, VERIFY, verifyBody(p, first))).code).toBe('20013');
    await setClock(31 * MINUTE);
    expect((await post(p.b, VERIFY, verifyBody(p, second))).code).toBe('20018');
    expect(await isVerified(p)).toBe(false);
  });

  it('refuses bad input, another address, reset codes and callers without a session', async () => {
    const p = await unverifiedPlayer('gv-refuse');
    const code = await sendCode(p);
    expect((await post(p.b, VERIFY, { ...verifyBody(p, code), codeType: 'OTHER' })).status).toBe(400);
    expect((await post(p.b, VERIFY, { ...verifyBody(p, '12ab56') })).status).toBe(400);
    expect((await post(p.b, VERIFY, verifyBody(p, code, 'RESET_PASSWORD'))).code).toBe('20022');
    expect((await post(p.b, VERIFY, { ...verifyBody(p, code), email: 'someone-else@example.com' })).code).toBe('20022');
    const stranger = new IpBrowser();
    expect((await post(stranger, VERIFY, verifyBody(p, code))).code).toBe('20001');
    expect((await post(stranger, REQUEST, { email: p.email, language: 'en_US' })).code).toBe('20001');
    expect(await isVerified(p)).toBe(false);
    // Still usable by its holder: none of the refusals consumed it.
    expect((await post(p.b, VERIFY, verifyBody(p, code))).status).toBe(200);
  });

  it('sends nothing for an address that is already verified', async () => {
    const p = await newPlayer('gv-done');
    const before = (await mailbox(p.email)).length;
    expect((await post(p.b, REQUEST, { email: p.email, language: 'en_US' })).code).toBe('20022');
    expect((await mailbox(p.email)).length).toBe(before);
  });
});
