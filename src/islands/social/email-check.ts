/**
 * A quick shape check of a typed email before the call (the server validates it with the contract's schema and
 * answers its own code): something@domain.tld, no spaces, within the contract's 254 characters.
 */
export function looksLikeEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
