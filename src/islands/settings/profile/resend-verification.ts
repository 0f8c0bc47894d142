/**
 * The "resend the verification email" action beside an unverified address (spec §4 "Account verification"),
 * shared by the account overview and personal info. A refusal's code goes to the screen's form text. Its busy
 * state is the kit's (useSubmit): two taps in one frame send one mail.
 */
import { useState } from 'react';
import { requestVerifyEmail } from '../../../client/api/settings';
import { settle } from '../../../client/http/settle';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import { useSubmit } from '../../shared/use-submit';
import { handleSettingsError } from '../handle-error';

export function useResendVerification(locale: Locale, setFormCode: (code: string | undefined) => void) {
  const [sent, setSent] = useState(false);
  const submit = useSubmit();

  async function resend() {
    const settled = await submit.run(() => {
      setFormCode(undefined);
      return settle(requestVerifyEmail({ language: serverLocaleCode(locale) }));
    });
    // A send under way already: this tap does nothing.
    if (settled === undefined) return;
    const [error] = settled;
    if (!error) {
      setSent(true);
      return;
    }
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  return { sent, sending: submit.busy, resend };
}
