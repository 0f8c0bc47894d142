/** Who is calling, for rate limits and audit: the one place the API reads the caller's IP. */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

/** Spec: rate limits count per IP from CF-Connecting-IP only (never X-Forwarded-For). */
export function clientIp(c: Context<AppEnv>): string | null {
  return c.req.header('CF-Connecting-IP') ?? null;
}
