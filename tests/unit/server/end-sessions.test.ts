/** endSessionsStatements on real SQLite: every session but the kept one goes, with every trusted device. */
import { beforeEach, expect, it } from 'vitest';
import { countTrustedDevices, addTrustedDeviceStatement } from '../../../server/core/data/trusted-devices';
import { endSessionsStatements } from '../../../server/sessions/end-sessions';
import { insertAccount, testD1, type TestD1 } from './d1-sqlite';

const T0 = Date.UTC(2025, 0, 1);
let t: TestD1;
let accountId: number;
let other: number;

function session(hash: string, account: number) {
  t.sqlite
    .prepare(
      `INSERT INTO sessions (token_hash, account_id, level, remember_me, created_at, last_seen_at, idle_expires_at,
        absolute_expires_at) VALUES (?, ?, 'full', 0, ?, ?, ?, ?)`,
    )
    .run(hash, account, T0, T0, T0 + 3_600_000, T0 + 36_000_000);
}

function sessionHashes(account: number): string[] {
  const rows = t.sqlite
    .prepare('SELECT token_hash FROM sessions WHERE account_id = ? ORDER BY token_hash')
    .all(account);
  return (rows as { token_hash: string }[]).map((r) => r.token_hash);
}

function trust(account: number, deviceId: string) {
  return t.engineDb.run(
    addTrustedDeviceStatement(
      t.engineDb,
      {
        accountId: account,
        deviceId,
        secretHash: `s-${deviceId}`,
        name: 'Desk',
        type: 'UNDEFINED',
        location: null,
        signingIn: false,
      },
      T0,
    ),
  );
}

beforeEach(async () => {
  t = testD1();
  accountId = insertAccount(t.sqlite, 'player@example.test');
  other = insertAccount(t.sqlite, 'other@example.test');
  for (const h of ['a', 'b', 'c']) session(h, accountId);
  session('x', other);
  await trust(accountId, 'd1');
  await trust(other, 'd2');
});

it('keeps only the excepted session of the account and removes its trusted devices', async () => {
  await t.engineDb.batch(endSessionsStatements(t.engineDb, accountId, { except: 'b' }));
  expect(sessionHashes(accountId)).toEqual(['b']);
  expect(await countTrustedDevices(t.engineDb, accountId, T0)).toBe(0);
  expect(sessionHashes(other)).toEqual(['x']);
  expect(await countTrustedDevices(t.engineDb, other, T0)).toBe(1);
});

it('ends every session without an exception', async () => {
  await t.engineDb.batch(endSessionsStatements(t.engineDb, accountId));
  expect(sessionHashes(accountId)).toEqual([]);
  expect(sessionHashes(other)).toEqual(['x']);
});
