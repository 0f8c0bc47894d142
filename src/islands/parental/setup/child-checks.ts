/**
 * Field checks of the add-child sign-up form with the shared §5 schemas (the create form's), loaded with the
 * first focus and awaited on submit, not with the page (page budget). Values are i18n keys; empty when valid.
 */
import type { MessageKey } from '../../../i18n/keys';
import { dateOfBirthSchema } from '../../../shared/validation/date-of-birth';
import { emailSchema } from '../../../shared/validation/email';
import { verificationCodeSchema } from '../../../shared/validation/code';
import { BLOCKLISTED_PASSWORD_CODE, CONFIRM_MISMATCH, passwordIssues } from '../../../shared/validation/password';
import type { BirthdayValue } from '../../shared/date-parts';

export interface ChildDetails {
  email: string;
  birthday: BirthdayValue;
  password: string;
  confirm: string;
  terms: boolean;
}

export type ChildField = 'email' | 'birthday' | 'password' | 'confirm' | 'terms';
export type ChildErrors = Partial<Record<ChildField, MessageKey>>;

function firstIssue(result: { success: boolean; error?: { issues: readonly { message: string }[] } }) {
  // The shared schemas' messages are keys of en.json (src/shared/validation/issue-key.ts).
  return result.success ? undefined : (result.error?.issues[0]?.message as MessageKey | undefined);
}

/**
 * `birthday` is the birth date as YYYY-MM-DD, '' while incomplete (the details module's birthdayIso: this module
 * does not import the date helpers, which belong to the create page's start-up chunk).
 */
export function detailsErrors(
  details: ChildDetails,
  birthday: string,
  now: number,
  isBlocklisted: ((password: string, email?: string) => boolean) | null,
): ChildErrors {
  const errors: ChildErrors = {};
  const put = (field: ChildField, key: MessageKey | undefined) => {
    if (key !== undefined) errors[field] = key;
  };
  const email = details.email.trim();
  put('email', firstIssue(emailSchema.safeParse(email)));
  put('birthday', firstIssue(dateOfBirthSchema(() => now).safeParse(birthday)));
  const issue =
    passwordIssues(details.password, email)[0] ??
    (isBlocklisted?.(details.password, email) === true ? BLOCKLISTED_PASSWORD_CODE : undefined);
  put('password', details.password === '' ? 'form.password.required' : issue && `error.form.${issue}`);
  put(
    'confirm',
    details.confirm === ''
      ? 'form.confirm.required'
      : details.confirm !== details.password
        ? CONFIRM_MISMATCH
        : undefined,
  );
  put('terms', details.terms ? undefined : 'parentalSetup.addChild.termsRequired');
  return errors;
}

export function codeError(code: string): MessageKey | undefined {
  return firstIssue(verificationCodeSchema.safeParse(code));
}
