/**
 * The rules of the password form, apart from React: which form the account
 * needs (create when it has no password, else change), and the checks made
 * before any call. The §5 rules themselves are src/shared/validation/password
 * (loaded on demand by the island: it brings zod); the server re-checks all.
 */
import type { MessageKey } from '../../../client/t';

export type PasswordMode = 'create' | 'change';

/** The account decides once it is loaded; until then the path's {type} (the page was built for it). */
export function passwordMode(hasPassword: boolean | undefined, requested: PasswordMode | undefined): PasswordMode {
  if (hasPassword === true) return 'change';
  if (hasPassword === false) return 'create';
  return requested ?? 'change';
}

export interface PasswordFields {
  current: string;
  next: string;
  confirm: string;
}

export type FieldErrors = Partial<Record<keyof PasswordFields, MessageKey>>;

/**
 * Field errors before a call. `ruleCodes`: the §5 rules the new password
 * breaks (null while the rules module loads: the server decides then).
 */
export function formErrors(
  mode: PasswordMode,
  f: PasswordFields,
  ruleCodes: readonly string[] | null,
  blocklisted: boolean | null,
): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'change' && f.current === '') errors.current = 'settings.password.currentRequired';
  if (f.next === '') errors.next = 'settings.password.newRequired';
  else if (ruleCodes !== null && ruleCodes.length > 0) errors.next = 'settings.password.rulesUnmet';
  // A common password gets sign-up's plain text, not the checklist's: the player learns why, not just that. The key
  // is written out (typed by MessageKey): importing the code from password-rules moved that module into every
  // page's shared chunk.
  else if (blocklisted === true) errors.next = 'error.form.PASSWORD_TOO_COMMON';
  else if (mode === 'change' && f.next === f.current) errors.next = 'settings.password.sameAsCurrent';
  if (f.confirm === '') errors.confirm = 'settings.password.confirmRequired';
  else if (f.confirm !== f.next) errors.confirm = 'settings.password.mismatch';
  return errors;
}
