/** Who is calling, for rate limits and audit: the one place the API reads the caller's IP. */
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import type { AppEnv } from './app-env';

/** Spec: rate limits count per IP from CF-Connecting-IP only (never X-Forwarded-For). The audit trail keeps it whole. */
export function clientIp(c: Context<AppEnv>): string | null {
  return c.req.header('CF-Connecting-IP') ?? null;
}

/** The prefix length one IPv6 subscriber is given at the least (RFC 6177: a /64 per site, often a /56 or /48). */
export const IPV6_LIMIT_PREFIX = 64;

/**
 * What a per-IP limit counts (docs/security.md "Per-IP limits and IPv6"): an IPv4 address as it is, an IPv6
 * address by its /64. One IPv6 subscriber holds at least 2^64 addresses and can take a new one for every request,
 * so a limit keyed on the whole address would count each request apart. An IPv4 address written as IPv6
 * (::ffff:203.0.113.7) counts as that IPv4 address. A value that is no address (CF-Connecting-IP always is one on
 * Cloudflare) is counted as it came.
 */
export function ipLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${String(IPV6_LIMIT_PREFIX)}`);
  return `${network.toString()}/${String(IPV6_LIMIT_PREFIX)}`;
}

/** The caller's IP as per-IP limits count it (`ipLimitKey`), or null without CF-Connecting-IP. */
export function clientLimitIp(c: Context<AppEnv>): string | null {
  const ip = clientIp(c);
  return ip === null || ip.length === 0 ? null : ipLimitKey(ip);
}
