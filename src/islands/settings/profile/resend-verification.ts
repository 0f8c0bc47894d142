/**
 * The "resend the verification email" action beside an unverified address (spec §4 "Account verification"),
 * shared by the account overview and personal info. A refusal's code goes to the screen's form text.
 */
import { useState } from 'react';
import { requestVerifyEmail } from '../../../client/api/settings';
import { settle } from '../../../client/http/settle';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import { handleSettingsError } from '../handle-error';

export function useResendVerification(locale: Locale, setFormCode: (code: string | undefined) => void) {
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  async function resend() {
    if (sending) return;
    setSending(true);
    setFormCode(undefined);
    const [error] = await settle(requestVerifyEmail({ language: serverLocaleCode(locale) }));
    setSending(false);
    if (!error) {
      setSent(true);
      return;
    }
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  return { sent, sending, resend };
}
