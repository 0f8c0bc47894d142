/**
 * GET /no-auth/configuration (+ unified): the runtime configuration from the
 * CONFIG KV namespace, so ops switch maintenance with one `wrangler kv key put`
 * and no rebuild. A missing key means the defaults; a malformed value is
 * logged and the defaults apply (a typo must not take the portal down).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import {
  CONFIG_KV_KEY,
  configurationSchema,
  getConfiguration,
  type Configuration,
} from '../../src/shared/contract/config';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount } from '../core/http/mount';

const loaded = new WeakMap<Request, Configuration>();

export async function readConfiguration(c: Context<AppEnv>): Promise<Configuration> {
  const hit = loaded.get(c.req.raw);
  if (hit) return hit;
  const raw = await c.env.CONFIG.get(CONFIG_KV_KEY, 'text');
  let config = configurationSchema.parse({});
  if (raw !== null) {
    let json: unknown = null;
    try {
      json = JSON.parse(raw);
    } catch {
      console.warn(`KV key ${CONFIG_KV_KEY} is not JSON; using the default configuration`);
    }
    const parsed = configurationSchema.safeParse(json);
    if (parsed.success) config = parsed.data;
    else if (json !== null)
      console.warn(`KV key ${CONFIG_KV_KEY} is invalid; using defaults:\n${z.prettifyError(parsed.error)}`);
  }
  loaded.set(c.req.raw, config);
  return config;
}

/**
 * Paths that keep answering during maintenance: the configuration itself, the contract, the dev tools, and the
 * staff console's API (its admins switch maintenance off from it; docs/staff-console.md).
 */
const MAINTENANCE_EXEMPT = [
  /^\/api\/staff\//,
  /^\/api\/account\/v1\/no-auth\/(unified\/)?configuration$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/dev(\/|$)/,
];

/** During maintenance every other call answers 503 UNDER_MAINTENANCE (spec §8). */
export const maintenanceGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!MAINTENANCE_EXEMPT.some((p) => p.test(c.req.path)) && (await readConfiguration(c)).maintenance)
    throw new ApiError(503, 'UNDER_MAINTENANCE', 'Offline for maintenance');
  return next();
};

export function configurationRoutes(app: Hono<AppEnv>): void {
  mount(app, getConfiguration, (c) => readConfiguration(c));
}
