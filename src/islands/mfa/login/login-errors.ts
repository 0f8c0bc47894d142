/**
 * How the sign-in second step shows errors: everything in the form (a wrong
 * code, the lock of 20187 / 20157, a network failure), with the §8 text of the
 * code. A lost pending sign-in (20001: it expired or was never started) sends
 * the player back to the password step.
 */
import type { ApiError } from '../../../client/http/api-error';
import type { Strings, T } from '../../../client/t';
import { useErrorText } from '../../shared/error-message';

export type LoginStepError = { readonly kind: 'expired' } | { readonly kind: 'code'; readonly code: string };

/** The code a second-step failure shows in the form (useSubmit's onError): none for one that navigates. */
export function loginStepCode(error: ApiError): string | undefined {
  return error.navigating ? undefined : error.code;
}

/** What a shown code means: 20001 is no pending sign-in for this browser (expired after 10 minutes, or signed out). */
export function loginStepFailure(code: string | undefined): LoginStepError | undefined {
  if (code === undefined) return undefined;
  return code === '20001' ? { kind: 'expired' } : { kind: 'code', code };
}

export function loginStepError(error: ApiError): LoginStepError | undefined {
  return loginStepFailure(loginStepCode(error));
}

/**
 * The form error text of a second-step failure (an expired sign-in has its own). Here rather than with the
 * method choice (./auth-types-step): the code screens show it without loading the choice's code.
 */
export function useLoginFailureText(t: T, strings: Strings, failure: LoginStepError | undefined): string | undefined {
  const text = useErrorText(strings, failure?.kind === 'code' ? failure.code : undefined);
  if (failure === undefined) return undefined;
  return failure.kind === 'expired' ? t('mfa.login.expired') : text?.message;
}
