/**
 * The staff console's API against workerd (issue 28 §1, §3; docs/staff-console.md): staff sign-in (password +
 * TOTP, limited, one answer for every refusal), the separate session, search (exact, indexed, paged, wildcards
 * refused), the account view (no secrets), and the actions with their audit entries; a refused action changes
 * nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_SESSION_HINT_COOKIES } from '../../src/shared/contract/flow-session';
import { STAFF_SESSION_COOKIE } from '../../src/shared/contract/staff';
import type { Db } from '../../server/core/db/engine';
import { Browser, createAccount, setClock, uniqueEmail } from './client';
import { openInstanceDb, type InstanceDb } from './instance-db';
import { loginBody, mailbox, P, player, setState, Visitor } from './signin-helpers';
import { REASON, signedInStaff, STAFF, STAFF_PASSWORD, StaffBrowser, newStaff } from './staff-helpers';
import { alignToStep, totpCode, uniquePhone } from './two-factor-helpers';

const STAFF_HINT_COOKIE = FLOW_SESSION_HINT_COOKIES.staff;

let instance: InstanceDb;
let db: Db;

beforeAll(async () => {
  instance = await openInstanceDb();
  db = instance.db;
}, 60_000);
// The idle test moves the API clock half an hour on: the next file must find it where it was.
afterEach(() => setClock(0));
afterAll(() => instance.close());

async function auditRows(accountId: number) {
  return db.all(
    db.q
      .selectFrom('staff_audit')
      .select(['action', 'reason', 'before_json', 'after_json', 'detail_json', 'staff_email'])
      .where('account_id', '=', accountId)
      .orderBy('id'),
  );
}

async function accountState(accountId: number) {
  return db.first(
    db.q
      .selectFrom('accounts')
      .select(['ban_reason', 'password_reset_required', 'totp_enabled_at', 'sms_mfa_enabled', 'email_verified'])
      .where('id', '=', accountId),
  );
}

describe('staff sign-in', () => {
  it('signs in with email, password and code into its own HttpOnly __Host- cookie, and out again', async () => {
    const b = new StaffBrowser(await newStaff(instance, 'support_agent'));
    const r = await b.signIn();
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      staff: { email: b.member.email, role: 'support_agent' },
      actions: expect.arrayContaining(['account.search', 'mfa.remove']) as string[],
    });
    expect((r.json as { actions: string[] }).actions).not.toContain('account.block');
    const cookie = r.setCookies.find((l) => l.startsWith(`${STAFF_SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    // Its companion for the console's pages: readable, no secret, the same lifetime (no Max-Age) and attributes.
    const hint = r.setCookies.find((l) => l.startsWith(`${STAFF_HINT_COOKIE}=`)) ?? '';
    expect(hint).toMatch(/^__Host-lf_staff_hint=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Secure/i);
    expect(hint).toMatch(/SameSite=Strict/i);
    expect(hint).toMatch(/Path=\//);
    expect(hint).not.toMatch(/Max-Age|Expires|Domain=/i);
    expect(b.session).toBeUndefined();
    expect((await b.get(`${STAFF}/session`)).status).toBe(200);
    const out = await b.post(`${STAFF}/sign-out`, {});
    expect(out.status).toBe(200);
    expect(out.setCookies.find((l) => l.startsWith(`${STAFF_HINT_COOKIE}=`))).toMatch(/Max-Age=0/i);
    expect(b.cookies.has(STAFF_HINT_COOKIE)).toBe(false);
    const after = await b.get(`${STAFF}/session`);
    expect(after.status).toBe(401);
    expect(after.code).toBe('STAFF_LOGIN_REQUIRED');
  });

  it('answers the same 401 for an unknown email, a wrong password, a wrong code and a disabled account', async () => {
    const member = await newStaff(instance, 'admin');
    const at = Date.now();
    const attempts = [
      { email: uniqueEmail('nobody'), password: STAFF_PASSWORD, code: '123456' },
      { email: member.email, password: 'Not-The-Password-1', code: totpCode(member.totpSecret, at) },
      { email: member.email, password: STAFF_PASSWORD, code: '000000' },
    ];
    for (const body of attempts) {
      const r = await new Visitor().post(`${STAFF}/sign-in`, body);
      expect(r.status, r.text).toBe(401);
      expect(r.code).toBe('STAFF_SIGNIN_FAILED');
      expect(r.json).toEqual({ code: 'STAFF_SIGNIN_FAILED', message: 'Email, password or code not accepted' });
    }
    await db.run(db.q.updateTable('staff_accounts').set({ disabled: 1 }).where('id', '=', member.id));
    const disabled = await new StaffBrowser(member).signIn();
    expect(disabled.status).toBe(401);
    expect(disabled.code).toBe('STAFF_SIGNIN_FAILED');
  });

  it('accepts a code once: the same code again is refused', async () => {
    const member = await newStaff(instance, 'support_agent');
    const at = await alignToStep();
    const body = { email: member.email, password: STAFF_PASSWORD, code: totpCode(member.totpSecret, at) };
    expect((await new Visitor().post(`${STAFF}/sign-in`, body)).status).toBe(200);
    const replay = await new Visitor().post(`${STAFF}/sign-in`, body);
    expect(replay.status).toBe(401);
    expect(replay.code).toBe('STAFF_SIGNIN_FAILED');
  });

  it('locks an email after 5 failures, reserved before verifying (a burst of 12 evaluates at most 5)', async () => {
    const member = await newStaff(instance, 'admin');
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        new Visitor().post(`${STAFF}/sign-in`, { email: member.email, password: 'Wrong-Password-99', code: '111111' }),
      ),
    );
    const refused = burst.filter((r) => r.status === 401).length;
    expect(refused).toBeLessThanOrEqual(5);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(7);
    // The right password and code are refused while the lock holds.
    const right = await new StaffBrowser(member).signIn();
    expect(right.status).toBe(429);
    expect(right.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('refuses bad input with 20022 and a sign-in without the portal headers with 20101', async () => {
    const v = new Visitor();
    for (const body of [
      {},
      { email: 'a@b.test', password: 'x', code: '12345' },
      { email: 'a@b.test', password: 'x', code: '123456', role: 'admin' },
    ]) {
      const r = await v.post(`${STAFF}/sign-in`, body);
      expect(r.status).toBe(400);
      expect(r.code).toBe('20022');
    }
    const csrf = await v.post(`${STAFF}/sign-in`, { email: 'a@b.test', password: 'x', code: '123456' }, { bare: true });
    expect(csrf.status).toBe(403);
    expect(csrf.code).toBe('20101');
  });

  it("a player's session never reaches a staff call, and a staff session is no player's", async () => {
    const p = await player();
    const v = new Visitor();
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
    const r = await v.get(`${STAFF}/accounts?by=id&value=${p.accountId}`);
    expect(r.status).toBe(401);
    expect(r.code).toBe('STAFF_LOGIN_REQUIRED');
    const staff = await signedInStaff(instance, 'admin');
    const asPlayer = await staff.get(P.account);
    expect(asPlayer.status).toBe(401);
    expect(asPlayer.code).toBe('20001');
  });

  it('ends the session after 30 minutes idle', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    await alignToStep(0, 31 * 60_000);
    const r = await staff.get(`${STAFF}/session`);
    expect(r.status).toBe(401);
    expect(r.code).toBe('STAFF_LOGIN_REQUIRED');
    // The ended session's cookies go with it: the console's pages ask no more.
    expect(staff.cookies.has(STAFF_SESSION_COOKIE)).toBe(false);
    expect(staff.cookies.has(STAFF_HINT_COOKIE)).toBe(false);
  });
});

describe('search', () => {
  it('finds a player by email, ID, phone (any spacing), provider, platform and legacy ID', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    const p = await player();
    const phone = uniquePhone();
    await setState(new Browser(), p.accountId, { phoneNo: phone });
    await db.batch([
      db.q.insertInto('linked_providers').values({
        provider: 'google',
        provider_user_id: `g-${p.accountId}`,
        account_id: p.accountId,
        email: null,
        linked_at: Date.now(),
      }),
      db.q.insertInto('platform_links').values({
        platform: 'playstation',
        platform_user_id: `ps-${p.accountId}`,
        account_id: p.accountId,
        linked_at: Date.now(),
      }),
      db.q.insertInto('legacy_accounts').values({
        account_id: p.accountId,
        kind: 'email',
        legacy_login_id: `legacy${p.accountId}`,
        support_code: `SC-${p.accountId}`,
        created_at: Date.now(),
      }),
    ]);
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    const queries = [
      `by=email&value=${encodeURIComponent(p.email.toUpperCase())}`,
      `by=id&value=${p.accountId}`,
      `by=phone&value=${encodeURIComponent(spaced)}`,
      `by=provider&source=google&value=g-${p.accountId}`,
      `by=platform&source=playstation&value=ps-${p.accountId}`,
      `by=legacy&value=LEGACY${p.accountId}`,
    ];
    for (const q of queries) {
      const r = await staff.get(`${STAFF}/accounts?${q}`);
      expect(r.status, `${q}: ${r.text}`).toBe(200);
      expect(r.json, q).toEqual({
        items: [
          { id: p.accountId, email: p.email, status: 1, banReason: null, createdAt: expect.any(Number) as number },
        ],
        nextCursor: null,
      });
    }
  });

  it('pages by cursor with a capped page size', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    const phone = uniquePhone();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await player();
      await setState(new Browser(), p.accountId, { phoneNo: phone });
      ids.push(p.accountId);
    }
    const first = await staff.get(`${STAFF}/accounts?by=phone&value=${encodeURIComponent(phone)}&limit=2`);
    const page1 = first.json as { items: { id: number }[]; nextCursor: number | null };
    expect(page1.items.map((i) => i.id)).toEqual(ids.slice(0, 2));
    expect(page1.nextCursor).toBe(ids[1]);
    const second = await staff.get(
      `${STAFF}/accounts?by=phone&value=${encodeURIComponent(phone)}&limit=2&cursor=${page1.nextCursor}`,
    );
    expect(second.json).toMatchObject({ items: [{ id: ids[2] }], nextCursor: null });
    const tooBig = await staff.get(`${STAFF}/accounts?by=phone&value=${encodeURIComponent(phone)}&limit=51`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.code).toBe('STAFF_SEARCH_REFUSED');
  });

  it('refuses patterns that would scan, and values that are not of their kind, with a clear message', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    for (const [q, message] of [
      ['by=email&value=%25%40example.test', /wildcard/],
      ['by=legacy&value=hero*', /wildcard/],
      ['by=email&value=someone', /whole email/],
      ['by=id&value=12a', /number/],
      ['by=phone&value=0812345678', /country code/],
      ['by=provider&value=abc', /provider/],
    ] as const) {
      const r = await staff.get(`${STAFF}/accounts?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.code).toBe('STAFF_SEARCH_REFUSED');
      expect((r.json as { message: string }).message, q).toMatch(message);
    }
    const unknownKind = await staff.get(`${STAFF}/accounts?by=name&value=x`);
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.code).toBe('20022');
  });
});

describe('account view', () => {
  it('shows state, factors by kind, sessions and the timeline, and no secret', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    const p = await player();
    const v = new Visitor();
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
    const r = await staff.get(`${STAFF}/accounts/${p.accountId}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      id: p.accountId,
      email: p.email,
      banReason: null,
      region: 'global',
      ageGroup: 'adult',
      secondFactors: [],
      family: { parentId: null, childIds: [] },
      pendingDeletion: null,
    });
    const view = r.json as { sessions: unknown[]; timeline: { event: string }[] };
    expect(view.sessions).toHaveLength(1);
    expect(view.timeline.map((t) => t.event)).toContain('signin.succeeded');
    expect(r.text).not.toMatch(/password_hash|totp_secret|token_hash|lfp1\$/);
    const missing = await staff.get(`${STAFF}/accounts/999999999`);
    expect(missing.status).toBe(404);
    const bad = await staff.get(`${STAFF}/accounts/abc`);
    expect(bad.status).toBe(400);
  });
});

describe('actions', () => {
  it('block with 7003 ends every session and OIDC token; the next sign-in answers 20100; unblock lets it in', async () => {
    const staff = await signedInStaff(instance, 'trust_safety');
    const p = await player();
    const v = new Visitor();
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
    await db.run(
      db.q.insertInto('oidc_tokens').values({
        jti: `jti-${p.accountId}`,
        client_id: 'test-client',
        account_id: p.accountId,
        grant_hash: `grant-${p.accountId}`,
        scope: 'openid',
        expires_at: Date.now() + 3_600_000,
        revoked_at: null,
      }),
    );
    const blocked = await staff.post(`${STAFF}/accounts/${p.accountId}/block`, { reason: REASON, banReason: '7003' });
    expect(blocked.status, blocked.text).toBe(200);
    expect((await accountState(p.accountId))?.ban_reason).toBe('7003');
    expect((await v.get(P.account)).status).toBe(401);
    const token = await db.first(
      db.q.selectFrom('oidc_tokens').select('revoked_at').where('jti', '=', `jti-${p.accountId}`),
    );
    expect(token?.revoked_at).not.toBeNull();
    const again = await new Visitor().post(P.login, loginBody(p));
    expect(again.status).toBe(403);
    expect(again.json).toEqual({ code: '20100', message: '7003' });

    const unblocked = await staff.post(`${STAFF}/accounts/${p.accountId}/unblock`, { reason: REASON });
    expect(unblocked.status, unblocked.text).toBe(200);
    expect((await new Visitor().post(P.login, loginBody(p))).status).toBe(200);

    const rows = await auditRows(p.accountId);
    expect(rows.map((r) => r.action)).toEqual(['account.block', 'account.unblock']);
    expect(rows[0]).toMatchObject({
      reason: REASON,
      staff_email: staff.member.email,
      before_json: JSON.stringify({ banReason: null }),
      after_json: JSON.stringify({ banReason: '7003' }),
    });
    expect((blocked.json as { auditId: number }).auditId).toBeGreaterThan(0);
  });

  it('refuses an action without a reason, with a bad ban reason or on a wrong state, and changes nothing', async () => {
    const staff = await signedInStaff(instance, 'trust_safety');
    const p = await player();
    const path = `${STAFF}/accounts/${p.accountId}`;
    for (const body of [
      { banReason: '7003' },
      { banReason: '7003', reason: 'short' },
      { banReason: '7003', reason: 'x'.repeat(501) },
      { banReason: '7999', reason: REASON },
      { banReason: '7003', reason: `${REASON}\u202e` },
    ]) {
      const r = await staff.post(`${path}/block`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.code).toBe('20022');
    }
    const notBlocked = await staff.post(`${path}/unblock`, { reason: REASON });
    expect(notBlocked.status).toBe(409);
    expect(notBlocked.code).toBe('STAFF_ACTION_REFUSED');
    const noFactor = await staff.post(`${path}/remove-two-factor`, { reason: REASON, identityCheck: 'id_document' });
    expect(noFactor.status).toBe(409);
    const noDeletion = await staff.post(`${path}/cancel-deletion`, { reason: REASON });
    expect(noDeletion.status).toBe(409);
    expect(await accountState(p.accountId)).toMatchObject({ ban_reason: null, password_reset_required: 0 });
    expect(await auditRows(p.accountId)).toEqual([]);
  });

  it('clears the attempt locks: the locked player signs in again', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    const p = await player();
    const v = new Visitor();
    for (let i = 0; i < 5; i++) await v.post(P.login, loginBody({ ...p, password: 'Wrong-Pass-1' }));
    expect((await v.post(P.login, loginBody(p))).code).toBe('20187');
    const r = await staff.post(`${STAFF}/accounts/${p.accountId}/clear-locks`, { reason: REASON });
    expect(r.status, r.text).toBe(200);
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
    const [row] = await auditRows(p.accountId);
    expect(row?.action).toBe('locks.clear');
    expect(JSON.parse(row?.before_json ?? '{}')).toEqual({ locks: 1 });
  });

  it('removes two-step verification after an identity check, records the check and mails the player', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    const p = await player();
    await setState(new Browser(), p.accountId, { smsMfaEnabled: true, phoneNo: uniquePhone() });
    const r = await staff.post(`${STAFF}/accounts/${p.accountId}/remove-two-factor`, {
      reason: REASON,
      identityCheck: 'id_document',
    });
    expect(r.status, r.text).toBe(200);
    expect((await accountState(p.accountId))?.sms_mfa_enabled).toBe(0);
    const [row] = await auditRows(p.accountId);
    expect(JSON.parse(row?.detail_json ?? '{}')).toEqual({ identityCheck: 'id_document' });
    expect((await mailbox(p.email)).length).toBeGreaterThan(0);
  });

  it('requires a password reset: sessions end and sign-in answers 20037', async () => {
    const staff = await signedInStaff(instance, 'trust_safety');
    const p = await player();
    const v = new Visitor();
    expect((await v.post(P.login, loginBody(p))).status).toBe(200);
    const r = await staff.post(`${STAFF}/accounts/${p.accountId}/require-password-reset`, { reason: REASON });
    expect(r.status, r.text).toBe(200);
    expect((await v.get(P.account)).status).toBe(401);
    expect((await new Visitor().post(P.login, loginBody(p))).code).toBe('20037');
  });

  it('resends the verification link to an unverified address, and refuses a verified one', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    const email = uniqueEmail('unverified');
    const accountId = await createAccount(new Browser(), email);
    await setState(new Browser(), accountId, { emailVerified: false });
    const r = await staff.post(`${STAFF}/accounts/${accountId}/resend-verification`, { reason: REASON });
    expect(r.status, r.text).toBe(200);
    expect((await mailbox(email))[0]?.link).toMatch(/verify-email\?token=/);
    await setState(new Browser(), accountId, { emailVerified: true });
    const again = await staff.post(`${STAFF}/accounts/${accountId}/resend-verification`, { reason: REASON });
    expect(again.status).toBe(409);
  });

  it('cancels a pending deletion', async () => {
    const staff = await signedInStaff(instance, 'support_agent');
    const p = await player();
    const now = Date.now();
    await db.run(
      db.q
        .insertInto('account_deletions')
        .values({ account_id: p.accountId, requested_at: now, purge_at: now + 10 * 86_400_000, language: 'en_US' }),
    );
    const r = await staff.post(`${STAFF}/accounts/${p.accountId}/cancel-deletion`, { reason: REASON });
    expect(r.status, r.text).toBe(200);
    const left = await db.first(
      db.q.selectFrom('account_deletions').select('account_id').where('account_id', '=', p.accountId),
    );
    expect(left).toBeUndefined();
  });
});

describe('audit log', () => {
  it('is searchable by staff member and by account, newest first, paged', async () => {
    const staff = await signedInStaff(instance, 'trust_safety');
    const p = await player();
    await staff.post(`${STAFF}/accounts/${p.accountId}/block`, { reason: REASON, banReason: '7001' });
    await staff.post(`${STAFF}/accounts/${p.accountId}/unblock`, { reason: REASON });
    const byAccount = await staff.get(`${STAFF}/audit?account_id=${p.accountId}&limit=1`);
    expect(byAccount.status, byAccount.text).toBe(200);
    const page = byAccount.json as { items: { action: string }[]; nextCursor: number | null };
    expect(page.items.map((i) => i.action)).toEqual(['account.unblock']);
    const next = await staff.get(`${STAFF}/audit?account_id=${p.accountId}&limit=1&cursor=${page.nextCursor}`);
    expect((next.json as { items: { action: string }[] }).items.map((i) => i.action)).toEqual(['account.block']);
    const byStaff = await staff.get(`${STAFF}/audit?staff_email=${encodeURIComponent(staff.member.email)}`);
    expect((byStaff.json as { items: { action: string }[] }).items.map((i) => i.action)).toEqual([
      'account.unblock',
      'account.block',
      'staff.sign-in',
    ]);
  });
});

describe('ops', () => {
  it("shows the budgets and switches maintenance in the README's KV value; the staff API keeps answering", async () => {
    const admin = await signedInStaff(instance, 'admin');
    const p = await player();
    const ops = await admin.get(`${STAFF}/ops`);
    expect(ops.status, ops.text).toBe(200);
    expect(ops.json).toMatchObject({
      region: 'global',
      maintenance: false,
      sms: { limit: expect.any(Number) as number, usedToday: expect.any(Number) as number },
      mail: { limit: expect.any(Number) as number, usedToday: expect.any(Number) as number },
    });
    try {
      const on = await admin.post(`${STAFF}/ops/maintenance`, { on: true, reason: REASON });
      expect(on.status, on.text).toBe(200);
      const config = await new Browser().get('/api/account/v1/no-auth/configuration');
      expect((config.json as { maintenance: boolean }).maintenance).toBe(true);
      expect((await new Visitor().post(P.login, loginBody(p))).status).toBe(503);
      expect((await admin.get(`${STAFF}/ops`)).json).toMatchObject({ maintenance: true });
    } finally {
      const off = await admin.post(`${STAFF}/ops/maintenance`, { on: false, reason: REASON });
      expect(off.status, off.text).toBe(200);
    }
    const config = await new Browser().get('/api/account/v1/no-auth/configuration');
    expect((config.json as { maintenance: boolean }).maintenance).toBe(false);
  });
});
