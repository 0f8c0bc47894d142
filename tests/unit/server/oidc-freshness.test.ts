/**
 * The identity provider's fresh sign-in rules (server/oidc/freshness.ts): prompt=login, select_account and max_age
 * against the session's sign-in time, and the mark that lets one sign-in answer one request.
 */
import { describe, expect, it } from 'vitest';
import type { AuthorizeRequest, Prompt } from '../../../server/oidc/authorize-request';
import { markedAt, reauthMark, signInNeeded, wantsFreshSignIn } from '../../../server/oidc/freshness';

const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=';
const NOW = 1_800_000_000_000;

function request(prompts: Prompt[] = [], maxAge: number | null = null, reauth: string | null = null) {
  return {
    client: { clientId: 'wiki' },
    codeChallenge: 'a'.repeat(43),
    prompts,
    maxAge,
    reauth,
  } as unknown as AuthorizeRequest;
}

describe('signInNeeded', () => {
  it.each([
    ['no prompt, no max_age', request(), NOW - 86_400_000, false],
    ['prompt=login', request(['login']), NOW - 1000, true],
    ['prompt=select_account', request(['select_account']), NOW - 1000, true],
    ['prompt=consent only', request(['consent']), NOW - 86_400_000, false],
    ['max_age=0, even a sign-in a second ago', request([], 0), NOW - 1000, true],
    ['max_age=600, signed in 599 s ago', request([], 600), NOW - 599_000, false],
    ['max_age=600, signed in 601 s ago', request([], 600), NOW - 601_000, true],
  ])('%s', (_name, r, signedInAt, expected) => {
    expect(signInNeeded(r, signedInAt, null, NOW)).toBe(expected);
  });

  it('is answered by a sign-in at or after the mark, not before it', () => {
    const r = request(['login']);
    expect(signInNeeded(r, NOW - 5000, NOW - 5000, NOW)).toBe(false);
    expect(signInNeeded(r, NOW - 5001, NOW - 5000, NOW)).toBe(true);
    expect(signInNeeded(request([], 0), NOW - 4000, NOW - 5000, NOW)).toBe(false);
  });

  it('knows which requests want a fresh sign-in', () => {
    expect(wantsFreshSignIn(request())).toBe(false);
    expect(wantsFreshSignIn(request(['consent']))).toBe(false);
    expect(wantsFreshSignIn(request(['login']))).toBe(true);
    expect(wantsFreshSignIn(request([], 3600))).toBe(true);
  });
});

describe('the reauth mark', () => {
  it('reads back its own time for the same request, within 30 minutes', async () => {
    const mark = await reauthMark(SECRET, request(['login']), NOW);
    expect(mark).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(await markedAt(SECRET, request(['login'], null, mark), NOW + 60_000)).toBe(NOW);
    expect(await markedAt(SECRET, request(['login'], null, mark), NOW + 30 * 60_000 + 1)).toBeNull();
    // Not before it was made (a clock set back).
    expect(await markedAt(SECRET, request(['login'], null, mark), NOW - 1)).toBeNull();
  });

  it('refuses a mark of another request, another secret, or with its time changed', async () => {
    const mark = await reauthMark(SECRET, request(['login']), NOW);
    const other = { ...request(['login'], null, mark), codeChallenge: 'b'.repeat(43) };
    expect(await markedAt(SECRET, other, NOW)).toBeNull();
    const otherClient = { ...request(['login'], null, mark), client: { clientId: 'shop' } } as AuthorizeRequest;
    expect(await markedAt(SECRET, otherClient, NOW)).toBeNull();
    expect(await markedAt(`B${SECRET.slice(1)}`, request(['login'], null, mark), NOW)).toBeNull();
    const moved = `${NOW - 1000}.${mark.split('.')[1] ?? ''}`;
    expect(await markedAt(SECRET, request(['login'], null, moved), NOW)).toBeNull();
    expect(await markedAt(SECRET, request(['login'], null, 'garbage'), NOW)).toBeNull();
  });
});
