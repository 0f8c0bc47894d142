/**
 * The code the 20184 dialog shows (docs/legacy.md): the player copies it into
 * the mail to support, which finds the account by it. It names an account and
 * grants nothing, so it is stored as is. `LS-` and 8 characters of Crockford
 * base32 (no I, L, O, U: nothing to misread when typed from a screenshot).
 *
 * Imported by scripts/seed.mjs: erasable TypeScript only.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newSupportCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `LS-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length] ?? '0').join('')}`;
}

/** The placeholder email of a legacy-ID account (no usable email): the reserved .invalid domain never delivers. */
export function placeholderEmail(accountId: number): string {
  return `legacy-${String(accountId)}@no-email.invalid`;
}
