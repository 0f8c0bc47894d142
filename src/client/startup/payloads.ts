/**
 * The few payloads the page start-up reads, checked by hand rather than with
 * zod: the configuration, the login status, stored values and the session id
 * (notifications.json: ../shell/notification-banner, loaded after start). The start-up runs on every page; without zod in it, a page
 * whose islands need no schema at load (the login form) ships no zod at all,
 * and a page that does loads zod with its island.
 *
 * Each check accepts and refuses exactly what the contract's zod schema does
 * and returns the same value (unknown keys dropped, defaults applied):
 * tests/unit/client/startup/payloads.test.ts runs both on the same inputs.
 * The output types are the contract's, so a field added to a schema without
 * its check here is a type error.
 */
import type { Configuration } from '../../shared/contract/config';
import type { loginStatusResponse } from '../../shared/contract/login-status';
import type * as z from 'zod/mini';
import { SESSION_ID_PATTERN } from '../../shared/contract/http';

export type LoginStatus = z.infer<typeof loginStatusResponse>;

type Fields = Readonly<Record<string, unknown>>;

/** What zod's object schemas accept: any object but an array. */
export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `z._default(z.boolean(), fallback)`: absent is the fallback, anything but a boolean is refused (null). */
function flag(value: unknown, fallback = false): boolean | null {
  if (value === undefined) return fallback;
  return typeof value === 'boolean' ? value : null;
}

/** `configurationSchema` (GET /no-auth/configuration). */
export function parseConfiguration(value: unknown): Configuration | undefined {
  if (!isFields(value)) return undefined;
  const maintenance = flag(value['maintenance']);
  const showCaptcha = flag(value['showCaptcha']);
  const socialLoginEnabled = flag(value['socialLoginEnabled'], true);
  if (maintenance === null || showCaptcha === null || socialLoginEnabled === null) return undefined;
  return { maintenance, showCaptcha, socialLoginEnabled };
}

/** `loginStatusResponse` (the web and app login-status calls). */
export function parseLoginStatus(value: unknown): LoginStatus | undefined {
  if (!isFields(value) || typeof value['isLoggedIn'] !== 'boolean') return undefined;
  return { isLoggedIn: value['isLoggedIn'] };
}

/** The stored-value envelope `{"v":1,"value":…}` (../stores/stored-value); the value is checked by its reader. */
export function parseEnvelope(value: unknown, version: number): { value: unknown } | undefined {
  // The value may be anything but must be there (zod refuses `{"v":1}`).
  if (!isFields(value) || value['v'] !== version || !('value' in value)) return undefined;
  return { value: value['value'] };
}

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value);
}
