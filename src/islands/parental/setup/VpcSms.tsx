/**
 * setting/parental-controls/vpc/sms (spec §2; docs/parental-setup.md): verifiable parental consent by phone.
 * The parent picks the country from the region's SMS list and types the mobile number (checked with
 * libphonenumber, loaded on submit, as verify-phone does); the server texts a 6-digit code (requestVpcSmsCode);
 * the code completes consent (completeVpcSms). 20229, consent already complete, counts as success (spec §8).
 */
import region from '@region';
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import { completeVpcSms, requestVpcSmsCode } from '../../../client/api/parental';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
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
  const [busy, setBusy] = useState(false);
  const [formCode, setFormCode] = useState<string | undefined>(undefined);
  const formText = useErrorText(strings, formCode);
  const [status, setStatus] = useState('');
  const membershipNo = account?.membershipNo ?? region.membershipNo;
  const accountCountry = account?.countryCode ?? '';

  const phoneEntry = usePhoneEntry({ t, locale, membershipNo, accountCountry });

  async function failed(error: ApiError) {
    const { handleSettingsError } = errorCode.loaded() ?? (await errorCode());
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  async function sendCode(phoneNo: string): Promise<boolean> {
    const [error] = await settle(requestVpcSmsCode({ phoneNo, language: serverLocaleCode(locale) }));
    if (error) await failed(error);
    return error === undefined;
  }

  async function done() {
    const { navigate } = navigationCode.loaded() ?? (await navigationCode());
    navigate(routes.vpcComplete, { replace: true });
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormCode(undefined);
    setStatus('');
    if (phase.kind === 'phone') {
      setBusy(true);
      const e164 = await phoneEntry.check();
      if (e164 === undefined) {
        setBusy(false);
        return;
      }
      const sent = await sendCode(e164);
      setBusy(false);
      if (sent) setPhase({ kind: 'code', phoneNo: e164 });
      return;
    }
    setShowCodeError(true);
    if (!SIX_DIGITS.test(code)) return;
    setBusy(true);
    const { consentLocation } = locationCode.loaded() ?? (await locationCode());
    const [error] = await settle(
      completeVpcSms({ phoneNo: phase.phoneNo, verificationCode: code, consentLocation: consentLocation() }),
    );
    if (error && error.code !== ALREADY_COMPLETE) {
      setBusy(false);
      await failed(error);
      return;
    }
    await done();
  }

  async function resend(phoneNo: string) {
    if (busy) return;
    setBusy(true);
    setFormCode(undefined);
    const sent = await sendCode(phoneNo);
    setBusy(false);
    if (sent) setStatus(t('mfa.sms.resent'));
  }

  const codeError = showCodeError && !SIX_DIGITS.test(code) ? t('error.input.verificationCode') : undefined;

  return (
    <>
      <section className="card" aria-labelledby="vpc-sms-heading">
        <h1 id="vpc-sms-heading">{t('parentalSetup.vpcSms.heading')}</h1>
        <p>{t('parentalSetup.vpcSms.intro')}</p>
        <form noValidate onFocus={warm} onInput={warm} onSubmit={(e) => void onSubmit(e)}>
          <FormError message={formText?.message} />
          {phase.kind === 'phone' ? (
            <>
              <PhoneFields {...phoneEntry.fields} />
              <SubmitButton busy={busy} busyLabel={t('parentalSetup.common.working')}>
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
                  resend: () => void resend(phase.phoneNo),
                  other: {
                    label: t('parentalSetup.vpcSms.otherNumber'),
                    onClick: () => {
                      setPhase({ kind: 'phone' });
                      setCode('');
                      setShowCodeError(false);
                      setFormCode(undefined);
                    },
                  },
                  actions: 'actions',
                }}
                code={code}
                onCode={setCode}
                codeError={codeError}
                busy={busy}
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
