/**
 * gamescale/verify-sms (spec §2; docs/global-screens.md): the gamescale channel's phone verification, first
 * step. The signed-in player picks the country and types the number (the shared phone step,
 * ../shared/phone/), a 6-digit code is texted (the settings phone call, valid 5 minutes) and the player goes on
 * to gamescale/verify-code. The server enforces the §5 phone rules; its answers show in the form.
 */
import type { SubmitEvent } from 'react';
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
import { useSubmit } from '../shared/use-submit';
import { rememberGamescalePhone } from './gamescale-phone';
import * as routes from '../../routes/refs';

export function VerifySms({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const phoneEntry = usePhoneEntry({ t, locale, membershipNo: region.membershipNo, accountCountry: '' });
  const submit = useSubmit();
  const error = useErrorText(strings, submit.code);

  /**
   * The settings calls' error handling (the settings verification a phone change may ask for, dialogs,
   * navigation), loaded with the first error like verify-phone's; a code for the form comes back.
   */
  async function showFailure(failed: ApiError) {
    const { handleSettingsError } = await import('../settings/handle-error');
    const outcome = await handleSettingsError(failed);
    if (outcome.kind === 'form') submit.setCode(outcome.code);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // The call alone in the run: the form is free again before the handler runs (it may open a dialog).
    const failed = await submit.run(async () => {
      const phoneNo = await phoneEntry.check();
      if (phoneNo === undefined) return undefined;
      const [failure] = await settle(requestPhoneCode({ phoneNo, language: serverLocaleCode(locale) }));
      if (failure) return failure;
      submit.stayBusy();
      rememberGamescalePhone(phoneNo);
      navigate(routes.gamescaleVerifyCode);
      return undefined;
    });
    if (failed) await showFailure(failed);
  }

  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t('gamescale.sms.heading')}</h1>
      <p>{t('gamescale.sms.intro')}</p>
      <FormError message={error?.message} />
      <PhoneFields {...phoneEntry.fields} />
      <SubmitButton busy={submit.busy} busyLabel={t('mfa.common.working')}>
        {t('mfa.sms.sendCode')}
      </SubmitButton>
    </form>
  );
}
