/**
 * The password checks a screen that sets a password loads on demand (issue
 * 10 item 7): the blocklist (the same module and list the API checks with)
 * and the strength estimator. Both are dynamic imports started when the
 * password step shows (`active`), so their ~50 KB brotli never reach the
 * login page or the create screen's earlier steps. Until they arrive (or if
 * they fail to load) the tools are null: the form still submits and the API,
 * which is authoritative, answers PASSWORD_TOO_COMMON.
 */
import { useEffect, useState } from 'react';
import type { StrengthScore } from './password-strength';

export interface PasswordTools {
  /** True when the password is blocklisted (a common password or a trivial variant; the email's local part). */
  isBlocklisted: ((password: string, email?: string) => boolean) | null;
  /** zxcvbn's score, 0 to 4; a blocklisted password scores 0. */
  strength: ((password: string, email?: string) => StrengthScore) | null;
}

const NONE: PasswordTools = { isBlocklisted: null, strength: null };

let loading: Promise<PasswordTools> | undefined;

/** Loads both modules once per page; a failed load is retried by the next screen that asks. */
export function loadPasswordTools(): Promise<PasswordTools> {
  loading ??= Promise.all([import('../../shared/validation/password-blocklist'), import('./password-strength')]).then(
    ([blocklist, strength]) => ({
      isBlocklisted: blocklist.isBlocklistedPassword,
      strength: strength.passwordStrength,
    }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function usePasswordTools(active: boolean): PasswordTools {
  const [tools, setTools] = useState<PasswordTools>(NONE);
  useEffect(() => {
    if (!active || tools !== NONE) return;
    let live = true;
    loadPasswordTools().then(
      (loaded) => {
        if (live) setTools(loaded);
      },
      () => {
        // Offline or a new deployment replaced the chunk: the API still refuses a blocklisted password.
      },
    );
    return () => {
      live = false;
    };
  }, [active, tools]);
  return tools;
}
