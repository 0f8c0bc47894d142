/**
 * POST /no-auth/migrate {id, password, newId, refId} against workerd (spec §7,
 * create-legacy; docs/legacy.md "migrate"): a legacy-ID account takes a new
 * email ID proved by the sign-up email code (refId). Refusals change nothing;
 * parallel calls migrate once; the account and its history are kept.
 */
import { describe, expect, it } from 'vitest';
import { Browser, createAccount, uniqueEmail } from './client';
import { legacyPlayer, legacyState, signupCodeFor, type LegacyPlayer } from './legacy-helpers';
import { loginBody, P, player, Visitor, wrongCode } from './signin-helpers';

const MIGRATE = `/api/account/v1/no-auth/migrate`;

const legacyMigratePlayer = (kind: 'email' | 'id' = 'id') =>
  legacyPlayer(kind, { idPrefix: 'oldid', tag: `migrate-${kind}` });

function migrate(p: LegacyPlayer, newId: string, refId: string, extra: Record<string, unknown> = {}) {
  return new Visitor().post(MIGRATE, { id: p.loginId, password: p.password, newId, refId, ...extra });
}

function signIn(id: string, password: string, v = new Visitor()) {
  return v.post(P.login, loginBody({ email: id, password }));
}

async function unchanged(p: LegacyPlayer): Promise<void> {
  const s = await legacyState(p.accountId);
  expect([s.loginId, s.migratedAt, s.email]).toEqual([p.loginId, null, p.email]);
  expect(s.events).not.toContain('legacy.migrated');
  expect((await signIn(p.loginId, p.password)).code).toBe('20184');
}

describe('migrate', () => {
  it('moves a legacy-ID account to the new email ID: same account, history kept, legacy ID retired', async () => {
    const p = await legacyMigratePlayer();
    expect((await signIn(p.loginId, p.password)).code).toBe('20184');
    const before = await legacyState(p.accountId);
    const newId = uniqueEmail('new-id');
    const r = await migrate(p, newId, await signupCodeFor(newId));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({});
    const after = await legacyState(p.accountId);
    expect([after.email, after.loginId]).toEqual([newId, null]);
    expect(after.migratedAt).not.toBeNull();
    expect(after.events.slice(0, before.events.length)).toEqual(before.events);
    expect(after.events.filter((e) => e === 'legacy.migrated')).toHaveLength(1);
    const v = new Visitor();
    const signedIn = await signIn(newId, p.password, v);
    expect(signedIn.status, signedIn.text).toBe(200);
    const status = await v.get(`${P.status}?device_id=any-device`);
    expect((status.json as { isLoggedIn: boolean }).isLoggedIn).toBe(true);
    // The new email is verified (the code proved it): the account row says so.
    const account = await v.get(P.account);
    expect((account.json as { isVerified?: boolean }).isVerified).toBe(true);
    // Retired: the legacy ID answers like an unknown id; a second migrate changes nothing.
    expect((await signIn(p.loginId, p.password)).code).toBe('20002');
    const again = uniqueEmail('again');
    expect((await migrate(p, again, await signupCodeFor(again))).code).toBe('20002');
  });

  it('a wrong password is 20002, the code is not spent and nothing changes', async () => {
    const p = await legacyMigratePlayer();
    const newId = uniqueEmail('wrong-pass');
    const code = await signupCodeFor(newId);
    const r = await migrate(p, newId, code, { password: 'Wrong-Horse-1' });
    expect([r.status, r.code]).toEqual([401, '20002']);
    await unchanged(p);
    // The code still works for the right password.
    expect((await migrate(p, newId, code)).status).toBe(200);
  });

  it('a refId that is not the code sent to newId is 20013 and changes nothing', async () => {
    const p = await legacyMigratePlayer();
    const newId = uniqueEmail('mismatch');
    const code = await signupCodeFor(newId);
    expect((await migrate(p, newId, wrongCode(code))).code).toBe('20013');
    // The code of another address does not prove this one.
    const other = uniqueEmail('other');
    const otherCode = await signupCodeFor(other);
    if (otherCode !== code) expect((await migrate(p, newId, otherCode)).code).toBe('20013');
    expect((await migrate(p, uniqueEmail('never-sent'), code)).code).toBe('20013');
    await unchanged(p);
  });

  it('a newId registered since its code was sent is 20050; a taken address never gets a code', async () => {
    const p = await legacyMigratePlayer();
    const newId = uniqueEmail('taken');
    const code = await signupCodeFor(newId);
    await createAccount(new Browser(), newId);
    const r = await migrate(p, newId, code);
    expect([r.status, r.code]).toEqual([409, '20050']);
    await unchanged(p);
    // An address already registered: the request answers the same, but no code exists to prove it.
    const holder = await player({}, 'holder');
    const v = new Visitor();
    expect((await v.post(P.emailRequestCode, { email: holder.email, language: 'en_US' })).status).toBe(200);
    expect((await migrate(p, holder.email, '123456')).code).toBe('20013');
    await unchanged(p);
  });

  it('refuses accounts without an open legacy-ID migration with 20002', async () => {
    const emailKind = await legacyMigratePlayer('email');
    const newId = uniqueEmail('email-kind');
    expect((await migrate(emailKind, newId, await signupCodeFor(newId))).code).toBe('20002');
    const s = await legacyState(emailKind.accountId);
    expect([s.loginId, s.migratedAt]).toEqual([emailKind.loginId, null]);
    const modern = await player({}, 'modern');
    const other = uniqueEmail('modern-new');
    const r = await new Visitor().post(MIGRATE, {
      id: modern.email,
      password: modern.password,
      newId: other,
      refId: await signupCodeFor(other),
    });
    expect(r.code).toBe('20002');
    expect((await signIn(modern.email, modern.password)).status).toBe(200);
  });

  it('refuses bad input with 20022 and changes nothing', async () => {
    const p = await legacyMigratePlayer();
    const newId = uniqueEmail('bad');
    const bodies: Record<string, unknown>[] = [
      { id: p.loginId, password: p.password, newId },
      { id: p.loginId, password: p.password, newId: 'not-an-email', refId: '123456' },
      { id: p.loginId, password: p.password, newId, refId: '123456', extra: 1 },
      { id: '', password: p.password, newId, refId: '123456' },
      { id: p.loginId, password: 42, newId, refId: '123456' },
    ];
    for (const body of bodies) {
      const r = await new Visitor().post(MIGRATE, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.code).toBe('20022');
    }
    await unchanged(p);
  });

  it('parallel calls: exactly one migrates, once audited', async () => {
    const p = await legacyMigratePlayer();
    const newId = uniqueEmail('race');
    const code = await signupCodeFor(newId);
    const replies = await Promise.all(Array.from({ length: 6 }, () => migrate(p, newId, code)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    // Losers: the code used up (20013), the migration closed (20002), or the attempt limit reserved first (20157).
    for (const r of replies.filter((x) => x.status !== 200)) expect(['20002', '20013', '20157']).toContain(r.code);
    const s = await legacyState(p.accountId);
    expect([s.email, s.loginId]).toEqual([newId, null]);
    expect(s.events.filter((e) => e === 'legacy.migrated')).toHaveLength(1);
  });

  it('parallel calls with two new IDs: one wins, the other changes nothing', async () => {
    const p = await legacyMigratePlayer();
    const [a, b] = [uniqueEmail('race-a'), uniqueEmail('race-b')];
    const [codeA, codeB] = [await signupCodeFor(a), await signupCodeFor(b)];
    const replies = await Promise.all([migrate(p, a, codeA), migrate(p, b, codeB)]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const s = await legacyState(p.accountId);
    expect([a, b]).toContain(s.email);
    expect(s.events.filter((e) => e === 'legacy.migrated')).toHaveLength(1);
  });
});
