/** The authenticator secret for manual entry: base32 without padding, in groups of 4 for reading aloud and typing. */
export function groupSecret(secret: string): string {
  const clean = secret.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  return clean.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The secret as an authenticator app accepts it (no spaces, no padding). */
export function plainSecret(secret: string): string {
  return secret.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
}
