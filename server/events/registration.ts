/**
 * What a registered endpoint may be (npm run events:add checks it before writing; delivery checks it again, so a
 * row written some other way cannot make a production server post to the inside of a network):
 * - https, except http on a loopback host for a receiver on the same machine, with DEV_TOOLS only;
 * - no credentials in the URL, no fragment; at most 2,000 characters;
 * - at least one event type, each one the contract lists.
 */
import { EVENT_TYPES, type EventType } from '../../src/shared/contract/events';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);
export const MAX_URL_LENGTH = 2000;

/** Why `url` cannot be an endpoint (null: it can). `devTools`: the local stack, where loopback http is allowed. */
export function endpointUrlProblem(url: string, devTools: boolean): string | null {
  if (url.length > MAX_URL_LENGTH) return `the URL is longer than ${MAX_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the URL is not an absolute URL';
  }
  if (parsed.username !== '' || parsed.password !== '') return 'the URL holds credentials (put none in it)';
  if (parsed.hash !== '') return 'the URL has a fragment';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname))
    return devTools ? null : 'http is allowed for a loopback receiver on the local stack only (DEV_TOOLS)';
  return 'the URL must be https';
}

/** The event types of a registration, checked and without repeats; throws with the reason. */
export function subscribedTypes(given: readonly string[]): EventType[] {
  if (given.length === 0) throw new Error('subscribe to at least one event type');
  const known = new Set<string>(EVENT_TYPES);
  const isType = (t: string): t is EventType => known.has(t);
  const unknown = given.filter((t) => !isType(t));
  if (unknown.length > 0)
    throw new Error(`unknown event type ${unknown.join(', ')} (known: ${EVENT_TYPES.join(', ')})`);
  return [...new Set(given.filter(isType))];
}
