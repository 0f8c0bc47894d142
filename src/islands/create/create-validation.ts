/**
 * Field checks of each create step with the shared §5 schemas; the values
 * are i18n keys (the island translates them). Empty when the step is valid.
 */
import { dateOfBirthSchema } from '../../shared/validation/date-of-birth';
import { emailSchema } from '../../shared/validation/email';
import { verificationCodeSchema } from '../../shared/validation/code';
import { BLOCKLISTED_PASSWORD_CODE, CONFIRM_MISMATCH, passwordIssues } from '../../shared/validation/password';
import type { MessageKey } from '../../i18n/keys';
import { birthdayIso } from '../shared/date-parts';
import type { PasswordTools } from '../shared/use-password-tools';
import type { CreateState } from './create-reducer';

export type FieldErrors = Partial<
  Record<'countryCode' | 'birthday' | 'email' | 'code' | 'password' | 'confirm', MessageKey>
>;

function firstIssue(result: { success: boolean; error?: { issues: readonly { message: string }[] } }) {
  // The shared schemas' messages are keys of en.json (src/shared/validation/issue-key.ts).
  return result.success ? undefined : (result.error?.issues[0]?.message as MessageKey | undefined);
}

/**
 * `isBlocklisted` is the on-demand blocklist (use-password-tools.ts); while it
 * is not loaded the API's answer to the submit reports a blocklisted password.
 */
export function stepErrors(
  state: CreateState,
  now: number = Date.now(),
  isBlocklisted: PasswordTools['isBlocklisted'] = null,
): FieldErrors {
  const errors: FieldErrors = {};
  const put = (field: keyof FieldErrors, key: MessageKey | undefined) => {
    if (key !== undefined) errors[field] = key;
  };
  switch (state.step) {
    case 'age':
      put('countryCode', state.countryCode === '' ? 'form.country.required' : undefined);
      put('birthday', firstIssue(dateOfBirthSchema(() => now).safeParse(birthdayIso(state.birthday) ?? '')));
      break;
    case 'email':
      put('email', firstIssue(emailSchema.safeParse(state.email)));
      break;
    case 'code':
      put('code', firstIssue(verificationCodeSchema.safeParse(state.code)));
      break;
    case 'details': {
      const issue =
        passwordIssues(state.password, state.email)[0] ??
        (isBlocklisted?.(state.password, state.email) === true ? BLOCKLISTED_PASSWORD_CODE : undefined);
      put('password', state.password === '' ? 'form.password.required' : issue && `error.form.${issue}`);
      put(
        'confirm',
        state.confirm === ''
          ? 'form.confirm.required'
          : state.confirm !== state.password
            ? CONFIRM_MISMATCH
            : undefined,
      );
      break;
    }
    default:
      break;
  }
  return errors;
}

/** The birthday of a valid age step as YYYY-MM-DD. */
export function ageBirthday(state: Extract<CreateState, { step: 'age' }>): string {
  return birthdayIso(state.birthday) ?? '';
}
