/**
 * Runtime configuration (spec §2 "App shell", §7): fetched at start; its
 * maintenance flag sends visitors to the maintenance screen. The reference
 * API reads it from the CONFIG KV namespace (key CONFIG_KV_KEY), so ops flip
 * maintenance with one `wrangler kv key put` and no rebuild.
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';

export const CONFIG_KV_KEY = 'configuration';

export const configurationSchema = z.object({
  /** Sends every visitor to the maintenance screen. */
  maintenance: z._default(z.boolean(), false),
  /** Shows the visible v2 captcha widget instead of invisible v3 (spec §4 login flow step 1). */
  showCaptcha: z._default(z.boolean(), false),
  /**
   * Ops' switch for provider sign-in (docs/social.md "Turning provider sign-in off"): on by default; off hides
   * every provider button (sign-in, sign-up, linking) and the API's start refuses new provider sign-ins, so a
   * provider outage or incident is handled with one KV write and no rebuild.
   */
  socialLoginEnabled: z._default(z.boolean(), true),
});
export type Configuration = z.infer<typeof configurationSchema>;

export const getConfiguration = endpoint({
  id: 'getConfiguration',
  base: 'account',
  method: 'GET',
  path: '/no-auth/configuration',
  unifiedPath: '/no-auth/unified/configuration',
  response: configurationSchema,
  auth: false,
  summary: 'Runtime configuration: maintenance flag and captcha mode.',
});
