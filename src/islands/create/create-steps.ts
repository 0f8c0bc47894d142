/**
 * What a submit of each create step does once its fields are valid: the step's call (./create-calls), then the
 * reducer's event, or on a failure the event the error handling decides (./create-errors, with the first one).
 * Loaded with the first submit or resend, not with the page (page budget, docs/performance.md).
 */
import type { ApiError } from '../../client/http/api-error';
import type { Locale } from '../../i18n/locales';
import { checkAge, checkCode, createAccount, resendCode, sendCode } from './create-calls';
import type { CreateEvent, FormState } from './create-reducer';
import type { ageBirthday } from './create-validation';

export interface StepContext {
  readonly locale: Locale;
  readonly unified: boolean;
  readonly dispatch: (event: CreateEvent) => void;
}

async function fail(error: ApiError, dispatch: StepContext['dispatch']): Promise<void> {
  const { failureEvent } = await import('./create-errors');
  const event = await failureEvent(error);
  if (event !== undefined) dispatch(event);
}

/** Runs the step's call and reports its outcome. `birthday` is the checks' ageBirthday (loaded before a submit). */
export async function runStep(step: FormState, birthday: typeof ageBirthday, ctx: StepContext): Promise<void> {
  const { locale, unified, dispatch } = ctx;
  switch (step.step) {
    case 'age': {
      const age = { countryCode: step.countryCode, birthday: birthday(step) };
      const [error, data] = await checkAge(age, unified);
      if (error) await fail(error, dispatch);
      else dispatch({ type: 'ageVerified', age, isMinor: data.isMinor });
      return;
    }
    case 'email': {
      const [error] = await sendCode(step.email.trim(), locale, unified);
      if (error) await fail(error, dispatch);
      else dispatch({ type: 'codeSent' });
      return;
    }
    case 'code': {
      const [error] = await checkCode(step.email, step.code, unified);
      if (error) await fail(error, dispatch);
      else dispatch({ type: 'codeVerified' });
      return;
    }
    case 'details': {
      const [error] = await createAccount(step, locale, unified);
      if (error) await fail(error, dispatch);
      else dispatch({ type: 'created' });
      return;
    }
  }
}

/** Sends the code again to the email of the code step. */
export async function resendStep(email: string, ctx: StepContext): Promise<void> {
  const [error] = await resendCode(email, ctx.locale, ctx.unified);
  if (error) await fail(error, ctx.dispatch);
  else ctx.dispatch({ type: 'codeResent' });
}
