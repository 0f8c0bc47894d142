/**
 * The password blocklist (issue 10 item 7; OWASP ASVS 5.0 6.2.4, NIST SP
 * 800-63B-4 §3.1.1.2): a new password is refused when it is one of the
 * 10,000 most common passwords (./common-passwords.ts) or a trivial variant of
 * one, or the service's name or the email's local part dressed up the same way.
 * Shared by the reference API (authoritative, `server/core/security/password-policy.ts`)
 * and the screens that set a password, which load this module on demand: the
 * list is ~35 KB brotli and must never reach the login page's bundle.
 *
 * Matching (docs/security.md, "Passwords: the publisher's rules, the blocklist
 * and NIST"): NIST asks to compare the password with the list. The publisher's
 * §5 rules force an uppercase letter, a number and a symbol, which every list
 * entry lacks, so an exact comparison would almost never match: players meet
 * the rules by decorating a common password (`Password1!`). So the comparison is
 * case-insensitive and also tries:
 * - the password without its trailing symbols (`Password1!` → `password1`);
 * - its core, without the digits and symbols at both ends, when those add at
 *   most MAX_DECORATION characters (`!Dragon2024!` → `dragon`);
 * - the core with the usual look-alike substitutions undone (`P@ssw0rd1!` → `password`).
 * A password with more than decoration around a common word (`Dragon-meadow-42`) passes.
 */
import { COMMON_PASSWORDS } from './common-passwords';

/** How many entries the list holds (ASVS 6.2.4 asks for at least 3,000). */
export const BLOCKLIST_SIZE = 10_000;

/** At most this many digits and symbols around a common password still count as decoration. */
export const MAX_DECORATION = 6;

/** NIST's context-specific words: the service's own name (players reuse it). */
export const CONTEXT_WORDS: readonly string[] = ['lumenforge'];

/** Look-alike characters undone in the core (one reading each: 1 and ! read as i). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

let entries: ReadonlySet<string> | undefined;

/** The list as a set, built on first use (not at import: the server imports this module on every cold start). */
function list(): ReadonlySet<string> {
  entries ??= new Set(COMMON_PASSWORDS.split('\n'));
  return entries;
}

function undoLookAlikes(value: string): string {
  return value.replace(/[@431!0$57]/g, (c) => LOOK_ALIKES[c] ?? c);
}

/** The forms of `password` compared with the list, lowercase (exported for tests). */
export function blocklistForms(password: string): string[] {
  const lower = password.toLowerCase();
  const forms = new Set([lower, lower.replace(/[^a-z0-9]+$/, '')]);
  const core = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  if (core.length > 0 && lower.length - core.length <= MAX_DECORATION) {
    forms.add(core);
    forms.add(undoLookAlikes(core));
  }
  forms.delete('');
  return [...forms];
}

/** The email's local part as a context word, when it is long enough to mean something. */
function emailWord(email: string | undefined): string | undefined {
  const local = email?.split('@')[0]?.toLowerCase();
  return local !== undefined && local.length >= 3 ? local : undefined;
}

/**
 * True when `password` is on the blocklist or a trivial variant of an entry,
 * of the service's name or of the email's local part (`email`, optional).
 */
export function isBlocklistedPassword(password: string, email?: string): boolean {
  const words = list();
  const context = [...CONTEXT_WORDS, emailWord(email)];
  return blocklistForms(password).some((form) => words.has(form) || context.includes(form));
}
