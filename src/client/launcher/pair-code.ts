/**
 * The code a player compares between the launcher and the system browser during a third-party sign-in in the
 * launcher (docs/launcher.md): six digits derived from the app request's id, which both sides know (the launcher
 * opened the request; the browser has it in the provider's `state`). A browser showing another code than the
 * launcher's is finishing someone else's request: the player is told not to continue.
 */
export async function pairCode(requestId: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(requestId)));
  const value = (((hash[0] ?? 0) << 16) | ((hash[1] ?? 0) << 8) | (hash[2] ?? 0)) % 1_000_000;
  const digits = String(value).padStart(6, '0');
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
}
