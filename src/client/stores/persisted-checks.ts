/**
 * The checks of the spec §3 persisted values (./persisted), by hand rather than with zod: screens read these
 * values at start (a paused sign-in's parameters, the verified email), and zod is about 10 KB br that such a page
 * would load before interaction (page budget, docs/performance.md), as the page start-up checks its own stored
 * values (../startup/payloads). Each reader accepts and refuses what the zod schema it replaces did and returns
 * the same value: tests/unit/client/stores/persisted.test.ts runs both on the same inputs.
 *
 * Apart from the stores so that a screen that only reads or writes a value once (./stored-value readStored,
 * writeStored: same key and format) loads neither the store library nor the other stores.
 */
import { isEmailAddress } from '../../shared/validation/email-format';

type Fields = Readonly<Record<string, unknown>>;

/** What zod's object schemas accept: any object but an array. */
function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** verifiedTokenEmail: the contract's `emailAddress()` (`z.email()`). */
export function readEmail(value: unknown): string | undefined {
  return isEmailAddress(value) ? value : undefined;
}

export interface ConsoleTracking {
  accountType?: string;
  game?: string;
  platform?: string;
}

const TRACKING_FIELDS = ['accountType', 'game', 'platform'] as const;

/** consoleTracking: `z.object({ accountType, game, platform })`, each an optional string of ≤ 64; others dropped. */
export function readConsoleTracking(value: unknown): ConsoleTracking | undefined {
  if (!isFields(value)) return undefined;
  const out: ConsoleTracking = {};
  for (const field of TRACKING_FIELDS) {
    const v = value[field];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.length > 64) return undefined;
    out[field] = v;
  }
  return out;
}

const PROVIDER = /^[a-z][a-z0-9_-]{1,31}$/;

/** tpaClicked: a lowercase letter, then 1 to 31 lowercase letters, digits, `_` or `-`. */
export function readProvider(value: unknown): string | undefined {
  return typeof value === 'string' && PROVIDER.test(value) ? value : undefined;
}

const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/**
 * verificationParams: the contract's `stringRecord(name, z.string() ≤ 512)`: a plain object whose own enumerable
 * keys are all parameter names and whose values are all strings of at most 512 characters, copied; `__proto__`
 * skipped.
 */
export function readParams(value: unknown): Record<string, string> | undefined {
  if (!isFields(value)) return undefined;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  const out: Record<string, string> = {};
  for (const key of Reflect.ownKeys(value)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
    if (typeof key !== 'string' || !PARAM_NAME.test(key)) return undefined;
    const v = value[key];
    if (typeof v !== 'string' || v.length > 512) return undefined;
    out[key] = v;
  }
  return out;
}
