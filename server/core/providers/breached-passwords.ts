/**
 * Optional breached-password check (issue 10 item 7; NIST SP 800-63B-4
 * §3.1.1.2 "passwords obtained from previous breach corpuses"; OWASP ASVS 5.0
 * V6.2, breached passwords) by k-anonymity range query, as the Pwned Passwords range API serves
 * it: only the first 5 hex digits of the password's SHA-1 leave the API; the
 * provider answers every breached hash suffix under that prefix
 * (`SUFFIX:COUNT` lines) and the match is made here. `Add-Padding` asks for
 * decoy lines (count 0) so the answer's size does not narrow the prefix down.
 *
 * On only when BREACHED_PASSWORDS_API_URL is set (production); dev and tests
 * never call out. A provider that is slow, down or answers garbage must not
 * stop sign-ups: the check fails open (verdict `unknown`) with one log line
 * that holds neither the password nor any part of its hash.
 */

export type BreachVerdict = 'breached' | 'not-found' | 'unknown';

export interface BreachedPasswordCheck {
  check(password: string): Promise<BreachVerdict>;
}

/** Short: the check runs inside the sign-up request. */
export const BREACH_CHECK_TIMEOUT_MS = 1500;

export interface RangeQueryOptions {
  /** The transport (tests pass a fake). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where the fail-open line goes. */
  log?: (message: string) => void;
}

const SUFFIX_LINE = /^([0-9A-F]{35}):(\d+)$/i;

async function sha1Hex(password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(password));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** The verdict from a range answer: breached when our suffix is listed with a count above 0 (0 marks padding). */
export function rangeVerdict(body: string, suffix: string): BreachVerdict | null {
  let breached = false;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const m = SUFFIX_LINE.exec(line);
    if (!m) return null;
    if (m[1]?.toUpperCase() === suffix && Number(m[2]) > 0) breached = true;
  }
  return breached ? 'breached' : 'not-found';
}

/**
 * A checker querying `baseUrl` + the 5-character prefix (e.g.
 * `https://api.pwnedpasswords.com/range/`).
 */
export function rangeQueryCheck(baseUrl: string, options: RangeQueryOptions = {}): BreachedPasswordCheck {
  const transport = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? BREACH_CHECK_TIMEOUT_MS;
  const log = options.log ?? ((message: string) => console.warn(message));
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const failOpen = (reason: string): BreachVerdict => {
    log(`Breached-password check skipped, sign-up allowed (fail open): ${reason}`);
    return 'unknown';
  };
  return {
    async check(password) {
      const hash = await sha1Hex(password);
      let body: string;
      try {
        const response = await transport(`${base}${hash.slice(0, 5)}`, {
          headers: { 'Add-Padding': 'true' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return failOpen(`HTTP ${String(response.status)}`);
        body = await response.text();
      } catch (e) {
        const name = e instanceof Error ? e.name : 'unknown';
        return failOpen(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : `network error (${name})`);
      }
      return rangeVerdict(body, hash.slice(5)) ?? failOpen('unexpected response');
    },
  };
}
