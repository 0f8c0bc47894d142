/**
 * Legacy accounts for the API tests (docs/legacy.md; dev tools POST /api/dev/legacy/account, GET
 * /api/dev/legacy/state): a player turned into a legacy account, what the migration left on it, and the
 * sign-up email code the migration screens request.
 */
import { expect } from 'vitest';
import { Browser } from './client';
import { lastMail, P, player, Visitor, type AccountState, type Player } from './signin-helpers';

/** What GET /api/dev/legacy/state reports of an account: its email and legacy ID, the migration, the audit. */
export interface LegacyState {
  email: string;
  loginId: string | null;
  migratedAt: number | null;
  events: string[];
}

export async function legacyState(accountId: number): Promise<LegacyState> {
  const r = await new Browser().get(`/api/dev/legacy/state?accountId=${String(accountId)}`);
  expect(r.status, r.text).toBe(200);
  return r.json as LegacyState;
}

export interface LegacyPlayer extends Player {
  loginId: string;
}

let counter = 0;

/**
 * A legacy account (an old ID, a bcrypt hash, the migration open) of kind `email` (20211) or `id` (20184). Its ID
 * starts with `idPrefix` (each test file its own, so files never collide); `link` is a provider identity the old
 * system had linked.
 */
export async function legacyPlayer(
  kind: 'email' | 'id',
  options: { idPrefix: string; tag: string; state?: AccountState; link?: { provider: string; subject: string } },
): Promise<LegacyPlayer> {
  const p = await player(options.state ?? {}, options.tag);
  counter += 1;
  const loginId = `${options.idPrefix}${Date.now().toString(36)}${String(counter)}`;
  const r = await new Browser().post('/api/dev/legacy/account', {
    accountId: p.accountId,
    kind,
    loginId,
    password: p.password,
    ...(options.link === undefined ? {} : { link: options.link }),
  });
  expect(r.status, r.text).toBe(200);
  return { ...p, email: (r.json as { email: string }).email, loginId };
}

/** The sign-up email code for the address, as the create-legacy and migration-tpa screens request it. */
export async function signupCodeFor(email: string, v: Browser = new Visitor()): Promise<string> {
  const r = await v.post(P.emailRequestCode, { email, language: 'en_US' });
  expect(r.status, r.text).toBe(200);
  const { code } = await lastMail(email);
  if (code === undefined) throw new Error('no code');
  return code;
}
