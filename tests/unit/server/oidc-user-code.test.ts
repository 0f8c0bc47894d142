/**
 * Console activation codes at rest (issue 26 §5): the code a player types is stored as a keyed hash of the
 * normalised code, never in the clear. Runs the real app in-process on SQLite, where the stored row is visible (the
 * API tests cover activation with the typed code against workerd: tests/api/console-activation.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { DEV_SECRETS, type Env } from '../../../server/core/env';
import { digest } from '../../../server/core/security/tokens';
import { normaliseUserCode } from '../../../server/oidc/device';
import { OIDC_PATHS } from '../../../server/oidc/routes';
import { userCodeHash } from '../../../server/oidc/user-code';
import { inProcessEnv, testD1, type TestD1 } from './d1-sqlite';

const ORIGIN = 'http://localhost';
let t: TestD1;
let env: Env;
const app = createApp();

beforeAll(() => {
  t = testD1();
  env = inProcessEnv(t.db, ORIGIN);
});

async function requestCode(): Promise<string> {
  const res = await app.request(
    `${ORIGIN}${OIDC_PATHS.device}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'dev-console', scope: 'openid' }).toString(),
    },
    env,
  );
  expect(res.status).toBe(200);
  return (await res.json<{ user_code: string }>()).user_code;
}

describe('console activation codes at rest', () => {
  it('stores the keyed hash of the normalised code, and nothing that holds the code', async () => {
    const shown = await requestCode();
    const code = normaliseUserCode(shown);
    const rows = t.sqlite.prepare('SELECT * FROM oidc_device_codes').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(row['user_code_hash']).toBe(await userCodeHash(DEV_SECRETS.oidcKey, code));
    expect('user_code' in row).toBe(false);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(shown);
    // Not an unkeyed digest either: 28^8 codes would be reversed from one.
    expect(stored).not.toContain(await digest(code));
  });

  it('is keyed: another secret gives another hash; the same secret and code the same one', async () => {
    const other = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
    const a = await userCodeHash(DEV_SECRETS.oidcKey, 'BCDFGHJK');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await userCodeHash(DEV_SECRETS.oidcKey, 'BCDFGHJK')).toBe(a);
    expect(await userCodeHash(other, 'BCDFGHJK')).not.toBe(a);
    expect(await userCodeHash(DEV_SECRETS.oidcKey, 'BCDFGHJL')).not.toBe(a);
  });
});
