/**
 * verify-phone (spec §2, §5, §9; issue 12): the account's phone number, proven
 * by a texted 6-digit code (valid 5 minutes), and whether it may recover the
 * account (phoneNumberResetEnabled). The player picks the country from the
 * region's SMS list and types the number without the leading zero; the number
 * is checked with libphonenumber, loaded on submit (not with the page). The
 * server enforces the rest (4 accounts per number, 90 days between changes)
 * and its answers show in the form. Reached from the communication
 * preferences, or with needHealup when the server asked for a phone (20135):
 * then the flow goes on where it was going once the number is verified.
 */
import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import region from '@region';
import { requestPhoneCode, setPhoneReset, verifyPhone } from '../../../client/api/phone';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import { Checkbox } from '../../shared/Checkbox';
import { PhoneFields } from '../../shared/phone/PhoneFields';
import { usePhoneEntry } from '../../shared/phone/use-phone-entry';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { refreshAccount } from '../../shared/refresh-account';
import { SubmitButton } from '../../shared/SubmitButton';
import { usePageQuery } from '../../shared/use-page-query';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import { useAccount } from '../account';
import * as routes from '../../../routes/refs';

export interface VerifyPhoneProps {
  strings: Strings;
  locale: Locale;
}

type Phase = { readonly kind: 'phone' } | { readonly kind: 'code'; readonly phoneNo: string };

const SIX_DIGITS = /^\d{6}$/;

/**
 * The code step shows once a code was sent: not with the page, but at idle after hydration (the send's next
 * screen, issue 25 §1), so it is there when the send answers instead of one more round trip later.
 */
const codeStep = onDemandModule(() => import('./CodeStep'));
const CodeStep = lazy(codeStep);

/**
 * +14155550123 → +•••••••0123, as the security screen shows a number (mfa/security/mask-phone.ts); two lines
 * here rather than one more file loaded at start (the page is at its 12-file budget).
 */
function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

export function VerifyPhone({ strings, locale }: VerifyPhoneProps) {
  useWarmPath(codeStep);
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const account = view.status === 'ready' ? view.account : null;
  const needHealup = query.get('needHealup') === 'true';
  const onFile = query.get('phoneNumber');
  const [phase, setPhase] = useState<Phase>({ kind: 'phone' });
  const [code, setCode] = useState('');
  const [showCodeError, setShowCodeError] = useState(false);
  const [resetEnabled, setResetEnabled] = useState(false);
  // Its own busy flag rather than the kit's useSubmit: the hook would be one more file (431 B br) on a page within
  // 0.4 KB and one file of its budget (measured, issue 25; docs/performance.md "Headroom").
  const [busy, setBusy] = useState(false);
  const [formCode, setFormCode] = useState<string | undefined>(undefined);
  const formText = useErrorText(strings, formCode);
  const [status, setStatus] = useState('');
  const [verified, setVerified] = useState<string | null>(null);
  const membershipNo = account?.membershipNo ?? region.membershipNo;
  const accountCountry = account?.countryCode ?? '';

  const phoneEntry = usePhoneEntry({ t, locale, membershipNo, accountCountry });

  async function failed(error: ApiError) {
    // The error handling (dialogs, verification, navigation) loads with the first error, not with the page.
    const { handleSettingsError } = await import('../handle-error');
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  async function sendCode(phoneNo: string): Promise<boolean> {
    const [error] = await settle(requestPhoneCode({ phoneNo, language: serverLocaleCode(locale) }));
    if (error) await failed(error);
    return error === undefined;
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
      if (account?.emailVerified === false) {
        // Spec §4: a protected change needs a verified email; the explanation loads when it is needed.
        const { ensureEmailVerified } = await import('../email-first');
        await ensureEmailVerified(account);
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
    const [error] = await settle(verifyPhone({ phoneNo: phase.phoneNo, verificationCode: code, resetEnabled }));
    if (error) {
      setBusy(false);
      await failed(error);
      return;
    }
    await refreshAccount();
    setBusy(false);
    if (needHealup) {
      // The server asked for this phone (20135): go on where the flow was going, else to the preferences.
      const [{ navigate }, { redirectAfterFlow }] = await Promise.all([
        import('../../../client/navigation/browser'),
        import('../../../client/navigation/flow-end'),
      ]);
      if (query.has('route_to') || query.has('return_url')) redirectAfterFlow();
      else navigate(routes.communicationPreference, { replace: true });
      return;
    }
    setVerified(phase.phoneNo);
    setPhase({ kind: 'phone' });
    phoneEntry.clearPhone();
    setCode('');
    setShowCodeError(false);
  }

  async function resend(phoneNo: string) {
    if (busy) return;
    setBusy(true);
    setFormCode(undefined);
    const sent = await sendCode(phoneNo);
    setBusy(false);
    if (sent) setStatus(t('mfa.sms.resent'));
  }

  async function toggleReset(enabled: boolean) {
    if (busy) return;
    setBusy(true);
    setFormCode(undefined);
    const [error] = await settle(setPhoneReset(enabled));
    if (error) await failed(error);
    else {
      await refreshAccount();
      setStatus(t(enabled ? 'settings.verifyPhone.resetOn' : 'settings.verifyPhone.resetOff'));
    }
    setBusy(false);
  }

  const current = account?.phoneNumber ?? null;
  const codeError = showCodeError && !SIX_DIGITS.test(code) ? t('error.input.verificationCode') : undefined;
  const preferencesHref = routeHref(locale, { route: routes.communicationPreference }, query);

  return (
    <>
      <section className="card" aria-labelledby="verify-phone-heading">
        <h1 id="verify-phone-heading">{t('settings.verifyPhone.heading')}</h1>
        {needHealup && (
          <p>{onFile ? t('settings.verifyPhone.onFile', { phone: onFile }) : t('settings.verifyPhone.needed')}</p>
        )}
        <p className="muted">{t('settings.verifyPhone.intro')}</p>
        {verified !== null && (
          <p className="alert notice" role="status">
            {t('settings.verifyPhone.verified', { phone: maskPhone(verified) })}
          </p>
        )}
        {current !== null && (
          <div className="item">
            <h2 className="item-title">{t('settings.verifyPhone.current', { phone: maskPhone(current) })}</h2>
            <Checkbox
              label={t('settings.verifyPhone.resetLabel')}
              hint={t('settings.verifyPhone.resetHint')}
              checked={account?.phoneNumberResetEnabled === true}
              onCheckedChange={(on) => void toggleReset(on)}
            />
            <p className="muted">{t('settings.verifyPhone.lockNote')}</p>
          </div>
        )}
        <form noValidate aria-labelledby="verify-phone-form-heading" onSubmit={(e) => void onSubmit(e)}>
          <h2 id="verify-phone-form-heading">
            {t(current === null ? 'settings.verifyPhone.add' : 'settings.verifyPhone.change')}
          </h2>
          <FormError message={formText?.message} />
          {phase.kind === 'phone' ? (
            <>
              <PhoneFields {...phoneEntry.fields} />
              <SubmitButton busy={busy} busyLabel={t('mfa.common.working')}>
                {t('mfa.sms.sendCode')}
              </SubmitButton>
            </>
          ) : (
            <>
              <Suspense fallback={<p className="loading-line">{t('mfa.common.working')}</p>}>
                <CodeStep
                  t={t}
                  phoneNo={phase.phoneNo}
                  codeLabel={t('mfa.code.label')}
                  code={code}
                  onCode={setCode}
                  codeError={codeError}
                  offerReset={current === null}
                  resetEnabled={resetEnabled}
                  onResetEnabled={setResetEnabled}
                  busy={busy}
                  onResend={() => void resend(phase.phoneNo)}
                  onOtherNumber={() => {
                    setPhase({ kind: 'phone' });
                    setCode('');
                    setShowCodeError(false);
                    setFormCode(undefined);
                  }}
                />
              </Suspense>
            </>
          )}
          <p className="status-line" role="status">
            {status}
          </p>
        </form>
        <p>
          <a href={preferencesHref}>{t('settings.verifyPhone.back')}</a>
        </p>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}
