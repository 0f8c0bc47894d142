/**
 * The signed unsubscribe links and the SMS webhook signatures (issue 12):
 * what they carry round-trips; anything altered, forged, malformed or stale
 * is refused.
 */
import { describe, expect, it } from 'vitest';
import { isAtLeast } from '../../../server/settings/communication-routes';
import { readOptOut, signOptOut } from '../../../server/core/security/opt-out-token';
import { checkSmsSignature, signSmsWebhook } from '../../../server/core/security/sms-signature';

const KEY = 'unit-test-newsletter-link-key-0123456789';
const SECRET = 'unit-test-sms-webhook-secret-0123456789';

describe('opt-out tokens', () => {
  it('round-trip one list and every list of an address (lower-cased)', async () => {
    const list = await signOptOut(KEY, { kind: 'list', address: 'Player@Example.com', productId: 59750 });
    expect(await readOptOut(KEY, list)).toEqual({ kind: 'list', address: 'player@example.com', productId: 59750 });
    const all = await signOptOut(KEY, { kind: 'all', address: 'player@example.com' });
    expect(await readOptOut(KEY, all)).toEqual({ kind: 'all', address: 'player@example.com' });
  });

  it('refuses another key, an altered payload or signature, and garbage', async () => {
    const token = await signOptOut(KEY, { kind: 'list', address: 'a@example.com', productId: 59750 });
    const [v, payload, sig] = token.split('.') as [string, string, string];
    const other = await signOptOut(KEY, { kind: 'all', address: 'a@example.com' });
    const otherPayload = other.split('.')[1] ?? '';
    for (const bad of [
      `${v}.${otherPayload}.${sig}`,
      `${v}.${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `o2.${payload}.${sig}`,
      `${v}.${payload}`,
      '',
      'o1..',
      `${v}.${payload}.${sig}.extra`,
    ])
      expect(await readOptOut(KEY, bad), bad).toBeNull();
    expect(await readOptOut('another-key-of-at-least-32-characters!!', token)).toBeNull();
  });
});

describe('SMS webhook signatures', () => {
  const body = JSON.stringify({ messageId: 'm1', from: '+12015550123', text: 'YES' });
  const now = 1_800_000_000_000;

  it('accepts a fresh signature of the exact body', async () => {
    expect(await checkSmsSignature(SECRET, await signSmsWebhook(SECRET, body, now), body, now + 60_000)).toBe('ok');
  });

  it('refuses missing, malformed, stale, forged and body-mismatched signatures', async () => {
    const good = await signSmsWebhook(SECRET, body, now);
    expect(await checkSmsSignature(SECRET, undefined, body, now)).toBe('missing');
    expect(await checkSmsSignature(SECRET, 'v1=abc', body, now)).toBe('malformed');
    expect(await checkSmsSignature(SECRET, good.toUpperCase(), body, now)).toBe('malformed');
    expect(await checkSmsSignature(SECRET, good, body, now + 5 * 60_000 + 1)).toBe('stale');
    expect(await checkSmsSignature(SECRET, good, body, now - 5 * 60_000 - 1)).toBe('stale');
    expect(await checkSmsSignature('not-the-secret-0123456789abcdefghijkl', good, body, now)).toBe('mismatch');
    expect(await checkSmsSignature(SECRET, good, body.replace('YES', 'STOP'), now)).toBe('mismatch');
  });
});

describe('age from birth month and year (spec §5: 13 or over)', () => {
  const at = (y: number, m: number) => Date.UTC(y, m - 1, 15);
  it('counts from the end of the birth month, never early', () => {
    expect(isAtLeast(13, 2013, 5, at(2026, 5))).toBe(false);
    expect(isAtLeast(13, 2013, 5, at(2026, 6))).toBe(true);
    expect(isAtLeast(13, 2013, 12, at(2026, 12))).toBe(false);
    expect(isAtLeast(13, 2013, 12, at(2027, 1))).toBe(true);
    expect(isAtLeast(13, 2014, 1, at(2026, 12))).toBe(false);
  });
});
