/**
 * The number gamescale/verify-sms texted a code to, handed to gamescale/verify-code in sessionStorage (this tab
 * only, checked on read: E.164), never in the URL.
 */
const KEY = 'lf:gamescalePhone';
const E164 = /^\+[1-9]\d{6,14}$/;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Sandboxed frames may refuse storage; the code screen then sends the player back to the number.
    return undefined;
  }
}

export function rememberGamescalePhone(phoneNo: string): void {
  storage()?.setItem(KEY, phoneNo);
}

export function gamescalePhone(): string | null {
  const stored = storage()?.getItem(KEY) ?? null;
  return stored !== null && E164.test(stored) ? stored : null;
}

export function forgetGamescalePhone(): void {
  storage()?.removeItem(KEY);
}
