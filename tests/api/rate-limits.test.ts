/**
 * Sign-in rate limits and rehash against workerd, through the password step
 * every sign-in uses (DEV_TOOLS hook POST /api/dev/verify-password).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, createAccount, MINUTE, PASSWORD, setClock, uniqueEmail } from './client';
import { freshIp } from './signin-helpers';

const CHECK = '/api/dev/verify-password';
afterEach(() => setClock(0));

const from = (ip: string) => ({ headers: { 'CF-Connecting-IP': ip } });

describe('per account and client limit (20187)', () => {
  it('locks after 5 failures, even for the right password, with Retry-After 300', async () => {
    const b = new Browser();
    const email = uniqueEmail('lock');
    await createAccount(b, email);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const r = await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(ip));
      expect(r.status).toBe(401);
      expect(r.code).toBe('20002');
    }
    const fifth = await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(ip));
    expect(fifth.status).toBe(429);
    expect(fifth.code).toBe('20187');
    expect(fifth.headers.get('retry-after')).toBe('300');
    const right = await b.post(CHECK, { email, password: PASSWORD }, from(ip));
    expect(right.status).toBe(429);
    expect(right.code).toBe('20187');

    await setClock(5 * MINUTE + 1000);
    expect((await b.post(CHECK, { email, password: PASSWORD }, from(ip))).status).toBe(200);
  });

  it('failures from other IPs do not lock the owner out (no lock by strangers)', async () => {
    const b = new Browser();
    const email = uniqueEmail('ips');
    await createAccount(b, email);
    for (let i = 0; i < 8; i++)
      expect((await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(freshIp()))).code).toBe('20002');
    expect((await new Browser().post(CHECK, { email, password: PASSWORD }, from(freshIp()))).status).toBe(200);
  });

  it('a success resets the count', async () => {
    const b = new Browser();
    const email = uniqueEmail('reset');
    await createAccount(b, email);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(ip));
    expect((await b.post(CHECK, { email, password: PASSWORD }, from(ip))).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(ip))).status).toBe(401);
  });

  it('old failures fall out of the 15-minute window', async () => {
    const b = new Browser();
    const email = uniqueEmail('window');
    await createAccount(b, email);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(ip));
    await setClock(16 * MINUTE);
    expect((await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(ip))).status).toBe(401);
  });
});

describe('account under attack (docs/security.md "Sign-in limits")', () => {
  it('after 10 attempts from strangers in 15 minutes a visible captcha is required (20072); a solved one gets through', async () => {
    const b = new Browser();
    const email = uniqueEmail('captcha');
    await createAccount(b, email);
    for (let i = 0; i < 10; i++)
      expect((await new Browser().post(CHECK, { email, password: 'Wrong-pass-1' }, from(freshIp()))).code).toBe(
        '20002',
      );
    const demanded = await new Browser().post(CHECK, { email, password: PASSWORD }, from(freshIp()));
    expect([demanded.status, demanded.code]).toEqual([400, '20072']);
    // The demand evaluates nothing, so it does not count: a solved captcha still gets the owner in.
    const solved = await new Browser().post(CHECK, { email, password: PASSWORD, captchaSolved: true }, from(freshIp()));
    expect(solved.status).toBe(200);
  });

  it('the same happens for an id with no account (no enumeration)', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++)
      expect((await new Browser().post(CHECK, { email, password: 'Wrong-pass-1' }, from(freshIp()))).code).toBe(
        '20002',
      );
    expect((await new Browser().post(CHECK, { email, password: 'Wrong-pass-1' }, from(freshIp()))).code).toBe('20072');
  });

  it('100 failures in an hour lock the account for strangers; a known device still gets in', async () => {
    const owner = new Browser();
    const email = uniqueEmail('hard');
    const accountId = await createAccount(owner, email);
    const ownerIp = freshIp();
    // The owner's browser completes a sign-in once: it becomes a known device (device secret cookie).
    expect((await owner.post('/api/dev/session', { accountId })).status).toBe(200);
    const known = await owner.post(CHECK, { email, password: PASSWORD }, from(ownerIp));
    expect(known.status).toBe(200);
    for (let round = 0; round < 10; round++) {
      // Solved captchas from 10 IPs per round, 10 rounds: 100 failures, none of them the owner's.
      await Promise.all(
        Array.from({ length: 10 }, () =>
          new Browser().post(CHECK, { email, password: 'Wrong-pass-1', captchaSolved: true }, from(freshIp())),
        ),
      );
    }
    const stranger = await new Browser().post(
      CHECK,
      { email, password: PASSWORD, captchaSolved: true },
      from(freshIp()),
    );
    expect([stranger.status, stranger.code]).toEqual([429, '20187']);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    expect((await owner.post(CHECK, { email, password: PASSWORD }, from(ownerIp))).status).toBe(200);
  });
});

describe('per-IP limit (20157)', () => {
  it('locks an IP after 30 failures across accounts (unknown accounts included)', async () => {
    const b = new Browser();
    const ip = freshIp();
    for (let i = 0; i < 29; i++) {
      const r = await b.post(CHECK, { email: uniqueEmail('nobody'), password: 'Wrong-pass-1' }, from(ip));
      expect(r.code).toBe('20002');
    }
    const last = await b.post(CHECK, { email: uniqueEmail('nobody'), password: 'Wrong-pass-1' }, from(ip));
    expect(last.status).toBe(429);
    expect(last.code).toBe('20157');
    expect(Number(last.headers.get('retry-after'))).toBe(15 * 60);

    // A real account with the right password from that IP is refused too; another IP is not.
    const email = uniqueEmail('victim');
    await createAccount(b, email);
    expect((await b.post(CHECK, { email, password: PASSWORD }, from(ip))).code).toBe('20157');
    expect((await b.post(CHECK, { email, password: PASSWORD }, from(freshIp()))).status).toBe(200);
  });

  it('only CF-Connecting-IP counts, not X-Forwarded-For', async () => {
    const b = new Browser();
    const ip = freshIp();
    for (let i = 0; i < 30; i++)
      await b.post(
        CHECK,
        { email: uniqueEmail('xff'), password: 'Wrong-pass-1' },
        {
          headers: { 'CF-Connecting-IP': ip, 'X-Forwarded-For': freshIp() },
        },
      );
    const r = await b.post(
      CHECK,
      { email: uniqueEmail('xff'), password: 'x' },
      {
        headers: { 'CF-Connecting-IP': ip, 'X-Forwarded-For': freshIp() },
      },
    );
    expect(r.code).toBe('20157');
  });
});

describe('password hash upgrade', () => {
  it('rehashes a hash with old parameters at the next successful check, once', async () => {
    const b = new Browser();
    const email = uniqueEmail('rehash');
    await createAccount(b, email, true);
    expect((await b.post(CHECK, { email, password: 'Wrong-pass-1' })).status).toBe(401);
    expect((await b.post(CHECK, { email, password: PASSWORD })).json).toEqual({ rehashed: true });
    expect((await b.post(CHECK, { email, password: PASSWORD })).json).toEqual({ rehashed: false });
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const b = new Browser();
    const email = uniqueEmail('known');
    await createAccount(b, email);
    const known = await b.post(CHECK, { email, password: 'Wrong-pass-1' }, from(freshIp()));
    const unknown = await b.post(CHECK, { email: uniqueEmail('unknown'), password: 'Wrong-pass-1' }, from(freshIp()));
    expect([known.status, known.code]).toEqual([unknown.status, unknown.code]);
  });
});
