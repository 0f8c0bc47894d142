/**
 * Legacy accounts against workerd (spec §1, §7 migrate-legacy, §8 20211 and
 * 20184; docs/legacy.md): the sign-in's answers after a right password, the
 * bcrypt hash verified and rehashed at the first right password, the
 * migration to the legacy email (the legacy ID retired, the account and its
 * history kept), its refusals and its race.
 */
import { describe, expect, it } from 'vitest';
import { Browser, PASSWORD } from './client';
import { ACCOUNT, deviceId, loginBody, P, player, Visitor, type Player } from './signin-helpers';

const MIGRATE = `${ACCOUNT}/no-auth/login/migrate-legacy`;

interface LegacyState {
  email: string;
  loginId: string | null;
  passwordScheme: 'bcrypt' | 'lfp1' | 'other';
  migratedAt: number | null;
  events: string[];
}

let idCounter = 0;
function legacyId(): string {
  idCounter += 1;
  return `hero${Date.now().toString(36)}${String(idCounter)}`;
}

interface LegacyPlayer extends Player {
  loginId: string;
  supportCode: string;
}

/** A player carried over from the old system: legacy ID, bcrypt hash, migration open. */
async function legacyPlayer(kind: 'email' | 'id'): Promise<LegacyPlayer> {
  const p = await player({}, `legacy-${kind}`);
  const loginId = legacyId();
  const r = await new Browser().post('/api/dev/legacy/account', {
    accountId: p.accountId,
    kind,
    loginId,
    password: p.password,
  });
  expect(r.status, r.text).toBe(200);
  const made = r.json as { supportCode: string; email: string };
  return { ...p, email: made.email, loginId, supportCode: made.supportCode };
}

async function state(accountId: number): Promise<LegacyState> {
  const r = await new Browser().get(`/api/dev/legacy/state?accountId=${String(accountId)}`);
  expect(r.status, r.text).toBe(200);
  return r.json as LegacyState;
}

function signIn(id: string, password: string, v = new Visitor()) {
  return v.post(P.login, loginBody({ email: id, password }));
}

function migrate(p: LegacyPlayer, extra: Record<string, unknown> = {}, v = new Visitor()) {
  return v.post(MIGRATE, { id: p.loginId, password: p.password, email: p.email, deviceId: deviceId(), ...extra });
}

function message(r: { json: unknown }): unknown {
  return JSON.parse((r.json as { message: string }).message);
}

async function loggedIn(v: Browser): Promise<boolean> {
  const r = await v.get(`${P.status}?device_id=any-device`);
  return (r.json as { isLoggedIn: boolean }).isLoggedIn;
}

describe('legacy sign-in answers', () => {
  it('a legacy-email account answers 20211 with its email, by legacy ID or email, and signs no one in', async () => {
    const p = await legacyPlayer('email');
    const v = new Visitor();
    const r = await signIn(p.loginId, p.password, v);
    expect(r.status, r.text).toBe(403);
    expect(r.code).toBe('20211');
    expect(message(r)).toEqual({ email: p.email });
    expect(await loggedIn(v)).toBe(false);
    const byEmail = await signIn(p.email, p.password);
    expect(byEmail.code).toBe('20211');
    expect((await state(p.accountId)).events).toContain('signin.refused');
  });

  it('a legacy-ID account answers 20184 with its support code and uid', async () => {
    const p = await legacyPlayer('id');
    expect(p.email).toMatch(/@no-email\.invalid$/);
    const v = new Visitor();
    const r = await signIn(p.loginId, p.password, v);
    expect(r.status, r.text).toBe(403);
    expect(r.code).toBe('20184');
    expect(message(r)).toEqual({ code: p.supportCode, uid: String(p.accountId) });
    expect(p.supportCode).toMatch(/^LS-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await loggedIn(v)).toBe(false);
  });

  it('a wrong password answers 20002 as for any account: legacy status is not told without the password', async () => {
    const p = await legacyPlayer('email');
    const r = await signIn(p.loginId, 'Wrong-Horse-1');
    expect(r.status).toBe(401);
    expect(r.code).toBe('20002');
    expect(r.text).not.toContain(p.email);
    const unknown = await signIn(legacyId(), 'Wrong-Horse-1');
    expect(unknown.code).toBe('20002');
    expect((await state(p.accountId)).passwordScheme).toBe('bcrypt');
  });
});

describe('legacy password hashes', () => {
  it('verifies the bcrypt hash, rehashes it into the current format at the first right password, audited', async () => {
    const p = await legacyPlayer('email');
    expect((await state(p.accountId)).passwordScheme).toBe('bcrypt');
    expect((await signIn(p.loginId, p.password)).code).toBe('20211');
    const after = await state(p.accountId);
    expect(after.passwordScheme).toBe('lfp1');
    expect(after.events).toContain('password.rehashed');
    // The same password still works against the new hash; a wrong one still fails.
    expect((await signIn(p.loginId, p.password)).code).toBe('20211');
    expect((await signIn(p.loginId, 'Wrong-Horse-1')).code).toBe('20002');
    expect((await state(p.accountId)).events.filter((e) => e === 'password.rehashed')).toHaveLength(1);
  });

  it('a wrong password leaves the bcrypt hash in place', async () => {
    const p = await legacyPlayer('id');
    expect((await signIn(p.loginId, 'Wrong-Horse-1')).code).toBe('20002');
    expect((await state(p.accountId)).passwordScheme).toBe('bcrypt');
  });
});

describe('migrate-legacy', () => {
  it('moves the account to its legacy email, retires the legacy ID, and the sign-in retried succeeds', async () => {
    const p = await legacyPlayer('email');
    expect((await signIn(p.loginId, p.password)).code).toBe('20211');
    const before = await state(p.accountId);
    const r = await migrate(p);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({});
    const after = await state(p.accountId);
    expect(after.loginId).toBeNull();
    expect(after.email).toBe(p.email);
    expect(after.migratedAt).not.toBeNull();
    // Same account, its history kept (every earlier audit entry is still there) and the change audited.
    expect(after.events.slice(0, before.events.length)).toEqual(before.events);
    expect(after.events).toContain('legacy.migrated');
    const v = new Visitor();
    const retried = await signIn(p.email, p.password, v);
    expect(retried.status, retried.text).toBe(200);
    expect(await loggedIn(v)).toBe(true);
    // The legacy ID is retired: it signs in no more, with the one answer of unknown accounts.
    expect((await signIn(p.loginId, p.password)).code).toBe('20002');
    // A second migrate changes nothing.
    expect((await migrate(p)).code).toBe('20002');
  });

  it('works on a bcrypt hash never rehashed yet (the migrate call is the first right password)', async () => {
    const p = await legacyPlayer('email');
    const r = await migrate(p);
    expect(r.status, r.text).toBe(200);
    expect((await state(p.accountId)).passwordScheme).toBe('lfp1');
    expect((await signIn(p.email, p.password)).status).toBe(200);
  });

  it('a wrong password is refused with 20002 and changes nothing', async () => {
    const p = await legacyPlayer('email');
    const before = await state(p.accountId);
    const r = await migrate(p, { password: 'Wrong-Horse-1' });
    expect(r.status).toBe(401);
    expect(r.code).toBe('20002');
    const after = await state(p.accountId);
    expect(after.loginId).toBe(p.loginId);
    expect(after.migratedAt).toBeNull();
    expect(after.passwordScheme).toBe(before.passwordScheme);
    expect(after.events).not.toContain('legacy.migrated');
    expect((await signIn(p.loginId, p.password)).code).toBe('20211');
  });

  it('refuses, changing nothing: another email, a legacy-ID account, an account not legacy, an unknown id', async () => {
    const p = await legacyPlayer('email');
    const other = await migrate(p, { email: 'someone-else@example.test' });
    expect(other.code).toBe('20002');
    expect((await state(p.accountId)).loginId).toBe(p.loginId);

    const noEmail = await legacyPlayer('id');
    const r = await migrate(noEmail);
    expect(r.code).toBe('20002');
    const s = await state(noEmail.accountId);
    expect([s.loginId, s.migratedAt, s.email]).toEqual([noEmail.loginId, null, noEmail.email]);
    expect((await signIn(noEmail.loginId, noEmail.password)).code).toBe('20184');

    const modern = await player({}, 'modern');
    const m = await new Visitor().post(MIGRATE, {
      id: modern.email,
      password: PASSWORD,
      email: modern.email,
      deviceId: deviceId(),
    });
    expect(m.code).toBe('20002');
    expect((await signIn(modern.email, PASSWORD)).status).toBe(200);

    const unknown = await new Visitor().post(MIGRATE, {
      id: legacyId(),
      password: PASSWORD,
      email: 'nobody@example.test',
      deviceId: deviceId(),
    });
    expect(unknown.code).toBe('20002');
  });

  it('refuses bad input with 20022 and changes nothing', async () => {
    const p = await legacyPlayer('email');
    const bodies: Record<string, unknown>[] = [
      { id: p.loginId, password: p.password, deviceId: deviceId() },
      { id: p.loginId, password: p.password, email: 'not-an-email', deviceId: deviceId() },
      { id: p.loginId, password: p.password, email: p.email, deviceId: deviceId(), extra: 1 },
      { id: '', password: p.password, email: p.email, deviceId: deviceId() },
      { id: p.loginId, password: 42, email: p.email, deviceId: deviceId() },
    ];
    for (const body of bodies) {
      const r = await new Visitor().post(MIGRATE, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.code).toBe('20022');
    }
    const s = await state(p.accountId);
    expect([s.loginId, s.migratedAt, s.passwordScheme]).toEqual([p.loginId, null, 'bcrypt']);
  });

  it('parallel migrate calls: exactly one wins, one migration audited', async () => {
    const p = await legacyPlayer('email');
    const replies = await Promise.all(Array.from({ length: 6 }, () => migrate(p)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.code === '20002')).toBe(true);
    const s = await state(p.accountId);
    expect(s.loginId).toBeNull();
    expect(s.events.filter((e) => e === 'legacy.migrated')).toHaveLength(1);
    expect((await signIn(p.email, p.password)).status).toBe(200);
  });
});
