/**
 * setting/parental-controls/vpc/sms (spec §2; docs/parental-setup.md): verifiable parental consent by phone.
 * The parent picks the country from the region's SMS list and types the mobile number (checked with
 * libphonenumber, loaded on submit, as verify-phone does); the server texts a 6-digit code (requestVpcSmsCode);
 * the code completes consent (completeVpcSms). 20229, consent already complete, counts as success (spec §8).
 */
import region from '@region';
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { completeVpcSms, requestVpcSmsCode } from '../../../client/api/parental';
import { ApiError } from '../../../client/http/api-error';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import { PhoneFields } from '../../shared/phone/PhoneFields';
import { usePhoneEntry } from '../../shared/phone/use-phone-entry';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { SubmitButton } from '../../shared/SubmitButton';
import { usePageQuery } from '../../shared/use-page-query';
import { useSubmit } from '../../shared/use-submit';
import { useAccount } from '../../settings/account';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import * as routes from '../../../routes/refs';

/**
 * The code step (the verify-code family's) shows once a code was sent: not with the page, but with the action path
 * at idle (below), so the step is there when the send answers instead of one more round trip later.
 */
const codeStep = onDemandModule(() => import('../../shared/verify-code/VerifyCodeStep'));
const VerifyCodeStep = lazy(() => codeStep().then((m) => ({ default: m.VerifyCodeStep })));

/**
 * The modules the submits await, loaded at idle (or with the form's first focus or input), not with the page, so
 * a click waits on no code (docs/performance.md "first click"): where consent is given (LAUNCHER or WEB, spec
 * §9), the settings error handling and the navigation to the next step.
 */
const locationCode = onDemandModule(() => import('./consent-location'));
const errorCode = onDemandModule(() => import('../../settings/handle-error'));
const navigationCode = onDemandModule(() => import('../../../client/navigation/browser'));

export interface VpcSmsProps {
  strings: Strings;
  locale: Locale;
}

/** Spec §8: consent already complete — the parent is where the flow was going. */
export const ALREADY_COMPLETE = '20229';
const SIX_DIGITS = /^\d{6}$/;

type Phase = { readonly kind: 'phone' } | { readonly kind: 'code'; readonly phoneNo: string };

export function VpcSms({ strings, locale }: VpcSmsProps) {
  const warm = useWarmPath(locationCode, errorCode, navigationCode, codeStep);
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const account = view.status === 'ready' ? view.account : null;
  const [phase, setPhase] = useState<Phase>({ kind: 'phone' });
  const [code, setCode] = useState('');
  const [showCodeError, setShowCodeError] = useState(false);
  // A refusal goes through the settings handler (a dialog, or a code for the form: `code` then).
  const submit = useSubmit({ onError: failed });
  const formText = useErrorText(strings, submit.code);
  const [status, setStatus] = useState('');
  const membershipNo = account?.membershipNo ?? region.membershipNo;
  const accountCountry = account?.countryCode ?? '';

  const phoneEntry = usePhoneEntry({ t, locale, membershipNo, accountCountry });

  async function failed(error: ApiError): Promise<string | undefined> {
    const { handleSettingsError } = errorCode.loaded() ?? (await errorCode());
    const outcome = await handleSettingsError(error);
    return outcome.kind === 'form' ? outcome.code : undefined;
  }

  function sendCode(phoneNo: string) {
    return requestVpcSmsCode({ phoneNo, language: serverLocaleCode(locale) });
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.busy) return;
    setStatus('');
    if (phase.kind === 'phone') {
      void submit.run(async () => {
        const e164 = await phoneEntry.check();
        if (e164 === undefined) return;
        await sendCode(e164);
        setPhase({ kind: 'code', phoneNo: e164 });
      });
      return;
    }
    setShowCodeError(true);
    if (!SIX_DIGITS.test(code)) {
      submit.setCode(undefined);
      return;
    }
    const { phoneNo } = phase;
    void submit.run(async () => {
      const { consentLocation } = locationCode.loaded() ?? (await locationCode());
      try {
        await completeVpcSms({ phoneNo, verificationCode: code, consentLocation: consentLocation() });
      } catch (error) {
        // Spec §8: 20229, consent already complete, is where the flow was going.
        if (!(error instanceof ApiError) || error.code !== ALREADY_COMPLETE) throw error;
      }
      // The page leaves for the completion step: the form stays busy until it has gone.
      submit.stayBusy();
      const { navigate } = navigationCode.loaded() ?? (await navigationCode());
      navigate(routes.vpcComplete, { replace: true });
    });
  }

  function resend(phoneNo: string) {
    setStatus('');
    void submit.run(async () => {
      await sendCode(phoneNo);
      setStatus(t('mfa.sms.resent'));
    });
  }

  const codeError = showCodeError && !SIX_DIGITS.test(code) ? t('error.input.verificationCode') : undefined;

  return (
    <>
      <section className="card" aria-labelledby="vpc-sms-heading">
        <h1 id="vpc-sms-heading">{t('parentalSetup.vpcSms.heading')}</h1>
        <p>{t('parentalSetup.vpcSms.intro')}</p>
        <form noValidate onFocus={warm} onInput={warm} onSubmit={onSubmit}>
          <FormError message={formText?.message} />
          {phase.kind === 'phone' ? (
            <>
              <PhoneFields {...phoneEntry.fields} />
              <SubmitButton busy={submit.busy} busyLabel={t('parentalSetup.common.working')}>
                {t('mfa.sms.sendCode')}
              </SubmitButton>
            </>
          ) : (
            <Suspense fallback={<p className="loading-line">{t('parentalSetup.common.working')}</p>}>
              <VerifyCodeStep
                config={{
                  sentTo: t('mfa.sms.codeSent', { phone: phase.phoneNo }),
                  label: t('mfa.code.label'),
                  submitLabel: t('parentalSetup.vpcSms.verify'),
                  busyLabel: t('parentalSetup.common.working'),
                  resendLabel: t('mfa.sms.resend'),
                  resend: () => resend(phase.phoneNo),
                  other: {
                    label: t('parentalSetup.vpcSms.otherNumber'),
                    onClick: () => {
                      setPhase({ kind: 'phone' });
                      setCode('');
                      setShowCodeError(false);
                      submit.setCode(undefined);
                    },
                  },
                  actions: 'actions',
                }}
                code={code}
                onCode={setCode}
                codeError={codeError}
                busy={submit.busy}
              />
            </Suspense>
          )}
          <p className="status-line" role="status">
            {status}
          </p>
        </form>
        <p className="form-footer">
          <a href={routeHref(locale, { route: routes.vpc }, query)}>{t('parentalSetup.vpcSms.cardInstead')}</a>
        </p>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}
