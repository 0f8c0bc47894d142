/**
 * What a per-IP limit counts (server/core/http/client-ip.ts): an IPv4 address as it is, an IPv6 address by its
 * /64, whatever way the address is written; the audit trail's `clientIp` keeps the address whole.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, clientLimitIp, ipLimitKey } from '../../../server/core/http/client-ip';
import type { AppEnv } from '../../../server/core/http/app-env';

describe('ipLimitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(ipLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipLimitKey('203.0.113.8')).toBe('203.0.113.8');
  });

  it('counts every address of one IPv6 /64 as that /64', () => {
    const keys = ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::'];
    expect(new Set(keys.map(ipLimitKey))).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells neighbouring /64s apart', () => {
    expect(ipLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(ipLimitKey('2001:db8:1:2::1')).not.toBe(ipLimitKey('2001:db8:1:3::1'));
  });

  it('reads the other ways of writing one address alike', () => {
    // Upper case, leading zeros, no "::": one key.
    expect(ipLimitKey('2001:0DB8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    // An IPv4 address written as IPv6 is that IPv4 address (a dual-stack edge may send either).
    expect(ipLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts a value that is no address as it came', () => {
    expect(ipLimitKey('not-an-ip')).toBe('not-an-ip');
    expect(ipLimitKey('2001:db8::g')).toBe('2001:db8::g');
  });
});

describe('clientIp and clientLimitIp', () => {
  const app = new Hono<AppEnv>().get('/', (c) => c.json({ ip: clientIp(c), limit: clientLimitIp(c) }));
  const ask = async (headers: Record<string, string>) =>
    (await app.request('/', { headers })).json<{ ip: string | null; limit: string | null }>();

  it('read CF-Connecting-IP: the audit gets the address, the limits its /64', async () => {
    expect(await ask({ 'CF-Connecting-IP': '2001:db8:1:2:3:4:5:6' })).toEqual({
      ip: '2001:db8:1:2:3:4:5:6',
      limit: '2001:db8:1:2::/64',
    });
  });

  it('never read X-Forwarded-For', async () => {
    expect(await ask({ 'X-Forwarded-For': '203.0.113.7' })).toEqual({ ip: null, limit: null });
  });
});
