/**
 * Password strength for the meter of the screens that set a password, with
 * zxcvbn-ts (issue 10 item 7). Loaded on demand by `use-password-tools.ts`
 * only: never import it statically (core ≈ 14 KB brotli with the keyboard
 * graphs, plus the shared list ≈ 35 KB).
 *
 * The dictionary is the blocklist's list (./common-passwords.ts, 10,000
 * ranked entries) and the service's name, not @zxcvbn-ts/language-common's
 * 49,000 passwords and diceware words or an English language package
 * (≈ 180 KB and ≈ 550 KB brotli): the portal speaks 13 languages, the meter
 * is advice, and what it must not call strong — the common passwords — is in
 * the list either way. A blocklisted password scores 0, so the meter never
 * contradicts the rule list.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS } from '../../shared/validation/common-passwords';
import { CONTEXT_WORDS, isBlocklistedPassword } from '../../shared/validation/password-blocklist';

/** zxcvbn's score: 0 (too guessable) to 4 (very unguessable). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary: { 'passwords-common': COMMON_PASSWORDS.split('\n'), context: [...CONTEXT_WORDS] },
    // The §5 maximum is 64; the estimate's cost grows with the length, and a longer one is refused anyway.
    // (A literal, not PASSWORD_MAX: importing password.ts here would split it out of the create island's chunk.)
    maxLength: 64,
  });
  return factory;
}

/** The strength of `password`; the email (and its local part) count as guessable words. */
export function passwordStrength(password: string, email = ''): StrengthScore {
  if (isBlocklistedPassword(password, email)) return 0;
  const inputs = email === '' ? [] : [email, email.split('@')[0] ?? ''];
  return zxcvbn().check(password, inputs).score;
}
