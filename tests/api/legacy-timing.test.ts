/**
 * Timing of legacy look-ups against workerd (issue 26 §4; docs/security.md "Timing of look-ups";
 * server/legacy/timing.ts): a legacy ID that exists and one that does not answer alike (401 20002 for a wrong
 * password) and take the same time, on every path that looks one up: the main sign-in, migrate-legacy and
 * create-legacy (POST /no-auth/migrate). Before the rule an unknown ID cost the PBKDF2 decoy (~88 ms) and an
 * existing one its bcrypt check (~18 ms), so the medians differed by ~70 ms.
 *
 * Each comparison takes TRIES interleaved tries per kind (the order alternating, so load drifts hit both alike),
 * with the rate limits reset before each try (the limits would otherwise answer first), and compares medians.
 */
import { describe, expect, it } from 'vitest';
import { Browser, type Reply } from './client';
import { ACCOUNT, loginBody, P, Visitor } from './signin-helpers';
import { legacyPlayer } from './legacy-helpers';
import { interleaved, MAX_GAP_MS, median } from './timing-helpers';

const TRIES = 30;
const WRONG = 'Not-the-password-42';

const MIGRATE_LEGACY = `${ACCOUNT}/no-auth/login/migrate-legacy`;
const CREATE_LEGACY = `${ACCOUNT}/no-auth/migrate`;

type Send = (id: string) => Promise<Reply>;

const signIn: Send = (id) => new Visitor().post(P.login, loginBody({ email: id, password: WRONG }));

const paths: [string, Send][] = [
  ['the sign-in', signIn],
  [
    'migrate-legacy',
    (id) => new Visitor().post(MIGRATE_LEGACY, { id, password: WRONG, email: 'someone@example.test', deviceId: 'd1' }),
  ],
  [
    'create-legacy',
    (id) => new Visitor().post(CREATE_LEGACY, { id, password: WRONG, newId: 'new@example.test', refId: '123456' }),
  ],
];

let unknownCounter = 0;
/** A legacy ID no account has (the legacy-ID form: letters and digits, no `@`). */
function unknownId(): string {
  unknownCounter += 1;
  return `ghost${Date.now().toString(36)}${String(unknownCounter)}`;
}

async function resetLimits(): Promise<void> {
  expect((await new Browser().post('/api/dev/rate-limits/reset', {})).status).toBe(200);
}

async function timed(send: () => Promise<Reply>): Promise<number> {
  await resetLimits();
  const start = performance.now();
  const r = await send();
  const ms = performance.now() - start;
  // The same answer for both kinds: only the time could tell them apart.
  expect(r.status, r.text).toBe(401);
  expect(r.code).toBe('20002');
  return ms;
}

/** Medians of TRIES interleaved tries with the existing ID and with fresh unknown ones. */
async function medians(send: Send, known: string): Promise<{ known: number; unknown: number }> {
  const ms = await interleaved(
    TRIES,
    () => timed(() => send(known)),
    () => timed(() => send(unknownId())),
  );
  return { known: median(ms.a), unknown: median(ms.b) };
}

describe('legacy look-ups take the same time for existing and unknown IDs', () => {
  for (const [name, send] of paths)
    it(`${name}: an existing legacy ID (bcrypt hash) and an unknown one`, async () => {
      const p = await legacyPlayer('email', { idPrefix: 'tim', tag: 'legacy-timing' });
      const m = await medians(send, p.loginId);
      expect(Math.abs(m.known - m.unknown), JSON.stringify(m)).toBeLessThan(MAX_GAP_MS);
      // The wrong passwords changed nothing: the hash is still bcrypt, the migration still open.
      const state = await new Browser().get(`/api/dev/legacy/state?accountId=${String(p.accountId)}`);
      expect(state.json).toMatchObject({ passwordScheme: 'bcrypt', migratedAt: null });
    }, 180_000);
});
