/**
 * gamescale/verify-sms (spec §2; docs/global-screens.md): the gamescale channel's phone verification, first
 * step. The signed-in player picks the country and types the number (the shared phone step,
 * ../shared/phone/), a 6-digit code is texted (the settings phone call, valid 5 minutes) and the player goes on
 * to gamescale/verify-code. The server enforces the §5 phone rules; its answers show in the form.
 */
import { useState, type SubmitEvent } from 'react';
import region from '@region';
import { requestPhoneCode } from '../../client/api/phone';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { createT } from '../../client/t';
import { serverLocaleCode } from '../../i18n/locales';
import type { IslandProps } from '../../layouts/screen';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { PhoneFields } from '../shared/phone/PhoneFields';
import { usePhoneEntry } from '../shared/phone/use-phone-entry';
import { SubmitButton } from '../shared/SubmitButton';
import { rememberGamescalePhone } from './gamescale-phone';

export function VerifySms({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const phoneEntry = usePhoneEntry({ t, locale, membershipNo: region.membershipNo, accountCountry: '' });
  // Its own busy flag rather than the kit's useSubmit: the hook would be a 13th file on this page (budget 12;
  // measured, issue 25; docs/screens.md).
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);

  /**
   * The settings calls' error handling (the settings verification a phone change may ask for, dialogs,
   * navigation), loaded with the first error like verify-phone's; a code for the form comes back.
   */
  async function showFailure(failed: ApiError) {
    const { handleSettingsError } = await import('../settings/handle-error');
    const outcome = await handleSettingsError(failed);
    if (outcome.kind === 'form') setFailure(outcome.code);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    setBusy(true);
    const phoneNo = await phoneEntry.check();
    if (phoneNo === undefined) {
      setBusy(false);
      return;
    }
    const [failed] = await settle(requestPhoneCode({ phoneNo, language: serverLocaleCode(locale) }));
    if (failed) {
      setBusy(false);
      await showFailure(failed);
      return;
    }
    rememberGamescalePhone(phoneNo);
    navigate('gamescale-verify-code');
  }

  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t('gamescale.sms.heading')}</h1>
      <p>{t('gamescale.sms.intro')}</p>
      <FormError message={error?.message} />
      <PhoneFields {...phoneEntry.fields} />
      <SubmitButton busy={busy} busyLabel={t('mfa.common.working')}>
        {t('mfa.sms.sendCode')}
      </SubmitButton>
    </form>
  );
}
