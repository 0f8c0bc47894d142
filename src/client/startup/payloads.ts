/**
 * The few payloads the page start-up reads, checked by hand rather than with
 * zod: the configuration, the login status, notifications.json, stored
 * values and the session id. The start-up runs on every page; without zod in it, a page
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
import type { NotificationEntry } from '../../shared/contract/content';
import type { loginStatusResponse } from '../../shared/contract/login-status';
import type * as z from 'zod/mini';
import { SESSION_ID_PATTERN } from '../../shared/contract/http';

export type LoginStatus = z.infer<typeof loginStatusResponse>;

type Fields = Readonly<Record<string, unknown>>;

/** What zod's object schemas accept: any object but an array. */
function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `z._default(z.boolean(), false)`: absent is false, anything but a boolean is refused (null). */
function flag(value: unknown): boolean | null {
  if (value === undefined) return false;
  return typeof value === 'boolean' ? value : null;
}

/** `configurationSchema` (GET /no-auth/configuration). */
export function parseConfiguration(value: unknown): Configuration | undefined {
  if (!isFields(value)) return undefined;
  const maintenance = flag(value['maintenance']);
  const showCaptcha = flag(value['showCaptcha']);
  const socialLoginEnabled = flag(value['socialLoginEnabled']);
  if (maintenance === null || showCaptcha === null || socialLoginEnabled === null) return undefined;
  return { maintenance, showCaptcha, socialLoginEnabled };
}

/** `loginStatusResponse` (the web and app login-status calls). */
export function parseLoginStatus(value: unknown): LoginStatus | undefined {
  if (!isFields(value) || typeof value['isLoggedIn'] !== 'boolean') return undefined;
  return { isLoggedIn: value['isLoggedIn'] };
}

/** The notification link pattern of `notificationEntry`. */
const HTTPS_LINK = /^https:\/\/\S+$/;

/** One entry of `notificationsSchema`; null when refused. */
function notification(value: unknown): NotificationEntry | null {
  if (!isFields(value)) return null;
  const { name, message, link } = value;
  if (typeof name !== 'string' || !isFields(message)) return null;
  const en = message['en'];
  if (typeof en !== 'string' || en.length < 1) return null;
  if (link !== undefined && (typeof link !== 'string' || !HTTPS_LINK.test(link))) return null;
  // The message is a loose object: its other locales pass through as they are.
  const entry: NotificationEntry = { name, message: { ...message, en } };
  if (link !== undefined) entry.link = link;
  return entry;
}

/** `notificationsSchema` (notifications.json): a list of entries, refused whole when one entry is. */
export function parseNotifications(value: unknown): NotificationEntry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const entries: NotificationEntry[] = [];
  for (const item of value as readonly unknown[]) {
    const entry = notification(item);
    if (entry === null) return undefined;
    entries.push(entry);
  }
  return entries;
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
