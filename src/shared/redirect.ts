/**
 * The redirect allow-list (spec §5), shared by the islands and the reference
 * API: a return_url / redirect_uri is followed only when it passes here;
 * anything else falls back to the account settings page.
 *
 * Parsing is the URL class's job; this module only adds the checks the URL
 * class would silently "fix" (it strips default ports, converts IDN to
 * punycode, turns backslashes into slashes and trims whitespace), which is
 * exactly how allow-lists are usually bypassed.
 */
import { localePath } from '../routes/paths';

/** Path of the default redirect below the locale: the account settings page. */
export const DEFAULT_REDIRECT_REL_PATH = 'setting/account-overview';

/** Longest target accepted; real return URLs are far shorter and longer ones are a smell. */
export const MAX_REDIRECT_LENGTH = 2048;

/** /account/{locale}/setting/account-overview */
export function defaultRedirect(locale: string): string {
  return localePath(locale, DEFAULT_REDIRECT_REL_PATH);
}

export interface RedirectPolicy {
  /** Host suffixes from the region config (`redirectDomainSuffixes`). */
  readonly suffixes: readonly string[];
  /** The portal's own origin; an absolute URL on it is treated as a same-origin path. */
  readonly origin?: string | undefined;
}

// C0/C1 controls, DEL, every Unicode space, line/paragraph separator, zero-width or BOM char, and the backslash.
const FORBIDDEN_CHARS =
  /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/u;
// A host label as it may appear literally: ASCII letters, digits, hyphens; not starting or ending with "-".
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// In a path: encoded slash, backslash, dot, percent, space or control char — the usual path-confusion tricks.
const PATH_TRICK = /%(?:2f|5c|2e|25|20|[01][0-9a-f]|7f)/i;
// In a query or fragment ordinary encodings are fine; encoded control chars are not.
const QUERY_TRICK = /%(?:[01][0-9a-f]|7f)/i;

/** Rejects malformed percent-encoding anywhere and encoding tricks in the path part of `rest` ("/p?q#h"). */
function hasBadPercent(rest: string): boolean {
  const cut = rest.search(/[?#]/);
  const path = cut === -1 ? rest : rest.slice(0, cut);
  const tail = cut === -1 ? '' : rest.slice(cut);
  if (PATH_TRICK.test(path) || QUERY_TRICK.test(tail)) return true;
  try {
    decodeURIComponent(rest);
    return false;
  } catch {
    return true;
  }
}

function hostAllowed(hostname: string, suffixes: readonly string[]): boolean {
  return suffixes.some((raw) => {
    const suffix = raw.toLowerCase();
    return hostname === suffix || hostname.endsWith(`.${suffix}`);
  });
}

/** The same-origin path form of a target starting with a single "/", or undefined when it is not one. */
function sameOriginPath(target: string): string | undefined {
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  if (hasBadPercent(target)) return undefined;
  const probe = 'https://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(target, probe);
  } catch {
    return undefined;
  }
  if (url.origin !== probe) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether the target may be followed, and the exact string to follow.
 * Returns undefined for anything not on the allow-list.
 */
export function checkRedirect(target: unknown, policy: RedirectPolicy): string | undefined {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_REDIRECT_LENGTH) return undefined;
  if (FORBIDDEN_CHARS.test(target)) return undefined;

  if (target.startsWith('/')) return sameOriginPath(target);

  // Absolute: the raw text must already be a plain https URL the parser does not need to repair.
  const scheme = /^https:\/\//i.exec(target);
  const sameOriginScheme =
    policy.origin !== undefined && target.toLowerCase().startsWith(`${policy.origin.toLowerCase()}/`);
  if (!scheme && !sameOriginScheme) return undefined;

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (policy.origin !== undefined && url.origin === policy.origin && sameOriginScheme) {
    return sameOriginPath(`${url.pathname}${url.search}${url.hash}`);
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;

  const afterScheme = target.slice('https://'.length);
  const rawAuthority = afterScheme.split(/[/?#]/, 1)[0] ?? '';
  // "@" (userinfo), ":" (explicit port, even :443), "%" (encoded host) and "[" (IP literal) are all refused.
  if (/[@:%[\]]/.test(rawAuthority)) return undefined;
  const host = rawAuthority.toLowerCase();
  // The parser must not have changed the host: IDN → punycode, trailing dots, IPv4 shorthand all differ.
  if (host !== url.hostname) return undefined;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label) && !label.startsWith('xn--'))) return undefined;
  if (!hostAllowed(host, policy.suffixes)) return undefined;
  if (hasBadPercent(afterScheme.slice(rawAuthority.length))) return undefined;
  return url.href;
}

/** The target when the allow-list accepts it, else the default redirect (the account settings page). */
export function safeRedirect(target: unknown, policy: RedirectPolicy & { readonly locale: string }): string {
  return checkRedirect(target, policy) ?? defaultRedirect(policy.locale);
}

/** True when the host equals or ends with "." + one of the suffixes (used for trusted referrers too). */
export function hostMatchesSuffix(hostname: string, suffixes: readonly string[]): boolean {
  return hostAllowed(hostname.toLowerCase(), suffixes);
}
