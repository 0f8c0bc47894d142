/**
 * The issuer identifier: `{portal origin}/api/oidc`. The origin is the one the request came in on when it is a
 * configured public origin (ALLOWED_ORIGINS), else the first configured one: never a name the client made up
 * (its Host header), since relying parties compare `iss` exactly.
 */
import type { Context } from 'hono';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { OIDC_PREFIX } from './config';

export function issuerOf(c: Context<AppEnv>): string {
  const { allowedOrigins } = settingsOf(c.env);
  const origin = new URL(c.req.url).origin;
  const chosen = allowedOrigins.includes(origin) ? origin : (allowedOrigins[0] ?? origin);
  return `${chosen}${OIDC_PREFIX}`;
}
