/** Opaque random tokens and their stored digests (sessions, links, sign-up sessions). */
import { randomBytes, toBase64Url, utf8 } from './bytes.ts';

/** 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return toBase64Url(randomBytes(32));
}

/** SHA-256 hex digest: tokens are high-entropy, so a fast hash is enough to keep them out of the database. */
export async function digest(value: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(value)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A numeric code of `digits` digits, uniformly random (rejection sampling, no modulo bias). */
export function numericCode(digits: number): string {
  const limit = 10 ** digits;
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n !== undefined && n < ceiling) return String(n % limit).padStart(digits, '0');
  }
}
