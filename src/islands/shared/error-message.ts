/**
 * The text of an error code for a form (spec §8 modal text resolution:
 * error.form.{code}, else error.modal.{code}.desc, else the general message
 * with the code). Server text is never shown; only the code picks the key.
 */
import { hasKey, type Strings, type T } from '../../client/t';
import { resolveErrorText } from '../../shared/errors/catalogue';

export interface FormErrorText {
  message: string;
  /** Spec §8: the support link comes only with the general message. */
  showSupport: boolean;
}

export function formErrorText(t: T, strings: Strings, code: string): FormErrorText {
  const text = resolveErrorText(code, (key) => hasKey(strings, key));
  return { message: t(text.messageKey, text.messageVars), showSupport: text.showSupport };
}
