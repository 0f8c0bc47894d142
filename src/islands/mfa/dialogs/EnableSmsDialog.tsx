/**
 * The enable-SMS dialog (spec §2, §4 "Two-factor", §5): the phone number is
 * chosen from the country list and typed without a leading zero, a 6-digit
 * code is texted to it (valid 5 minutes, can be resent), and the code turns
 * SMS verification on, as the default method or a secondary one. The server
 * enforces the rest (4 accounts per number, 90-day change lock) and its
 * answers show in the dialog. Loaded only when the player opens it: it brings
 * the phone-number metadata.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { getGlobalCountries, getMfaSmsCountryCodeList } from '../../../client/api/countries';
import { enableSms, requestSmsCode } from '../../../client/api/mfa';
import type { CustomDialogApi } from '../../../client/dialogs/queue';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { unifiedCalls } from '../../../client/navigation/browser';
import { getDeviceId } from '../../../client/stores/device';
import type { T } from '../../../client/t';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import type { CountryEntry } from '../../../shared/contract/countries';
import { verificationCodeSchema } from '../../../shared/validation/code';
import { parsePhone } from '../../../shared/validation/phone';
import { issueKey } from '../../../shared/validation/issue-key';
import { inlineCodeOf } from '../../settings/settings-errors';
import { Checkbox } from '../../shared/Checkbox';
import { CodeInput } from '../../shared/CodeInput';
import { CountrySelect } from '../../shared/CountrySelect';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { useSubmit } from '../../shared/use-submit';

export type EnableSmsResult =
  | { readonly kind: 'enabled'; readonly primary: boolean }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly error: ApiError };

export interface EnableSmsDialogProps {
  t: T;
  api: CustomDialogApi<EnableSmsResult>;
  locale: Locale;
  /** The membership whose SMS countries are offered; null in the unified region (every country). */
  membershipNo: number | null;
  /** Preselected country (the account's). */
  countryCode: string | undefined;
  /** Another method is on already: the player chooses the order; otherwise SMS becomes the default. */
  canBeSecondary: boolean;
  /** Text of an error code (spec §8 resolution). */
  errorText: (code: string) => string;
}

type Phase = { readonly kind: 'phone' } | { readonly kind: 'code'; readonly phoneNo: string };

async function loadCountries(locale: Locale, membershipNo: number | null): Promise<CountryEntry[] | null> {
  const language = serverLocaleCode(locale);
  if (membershipNo === null) {
    const [error, data] = await settle(getGlobalCountries({ language }));
    return error ? null : data.countryList;
  }
  const [error, data] = await settle(getMfaSmsCountryCodeList({ membershipNo, language }));
  if (error) return null;
  return data.countryCodeList.map((c) => ({ countryCode: c.countryCode, name: `${c.name} (+${c.callingCode})` }));
}

export function EnableSmsDialog(props: EnableSmsDialogProps) {
  const { t, api, locale, membershipNo, canBeSecondary, errorText } = props;
  const [phase, setPhase] = useState<Phase>({ kind: 'phone' });
  const [countries, setCountries] = useState<CountryEntry[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [country, setCountry] = useState(props.countryCode ?? '');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [primary, setPrimary] = useState(!canBeSecondary);
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState('');
  const { busy, run } = useSubmit();

  useEffect(() => {
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request (locale or retry) shows the list as loading again before its answer
    setLoadFailed(false);
    void loadCountries(locale, membershipNo).then((list) => {
      if (!live) return;
      if (list === null) {
        setLoadFailed(true);
        return;
      }
      const sorted = [...list].sort((a, b) => a.name.localeCompare(b.name, locale));
      setCountries(sorted);
      setCountry((c) => (sorted.some((x) => x.countryCode === c) ? c : ''));
    });
    return () => {
      live = false;
    };
  }, [locale, membershipNo, attempt]);

  const parsed = country === '' ? undefined : parsePhone(phone, country);
  const countryError = showErrors && country === '' ? t('error.input.phone-country') : undefined;
  const phoneError =
    showErrors && phase.kind === 'phone' && parsed !== undefined && 'error' in parsed ? t(parsed.error) : undefined;
  const codeCheck = verificationCodeSchema.safeParse(code);
  const codeError =
    showErrors && phase.kind === 'code' && !codeCheck.success
      ? t(issueKey(codeCheck.error.issues, 'error.input.verificationCode'))
      : undefined;

  /** Inline codes stay in the dialog; the rest close it for the caller to handle. */
  function failed(error: ApiError) {
    const inline = inlineCodeOf(error);
    if (inline === undefined) api.close({ kind: 'failed', error });
    else setFailure(errorText(inline));
  }

  async function sendCode(phoneNo: string): Promise<boolean> {
    const [error] = await settle(
      requestSmsCode(
        { phoneNo, language: serverLocaleCode(locale), deviceId: getDeviceId() },
        { unified: unifiedCalls() },
      ),
    );
    if (error) failed(error);
    return error === undefined;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    setFailure(undefined);
    setNotice('');
    if (phase.kind === 'phone') {
      if (parsed === undefined || 'error' in parsed) return;
      const sent = await run(() => sendCode(parsed.e164));
      if (sent === true) {
        setShowErrors(false);
        setPhase({ kind: 'code', phoneNo: parsed.e164 });
      }
      return;
    }
    if (!codeCheck.success) return;
    const settled = await run(() =>
      settle(
        enableSms({ phoneNo: phase.phoneNo, verificationCode: codeCheck.data, primary: primary || !canBeSecondary }),
      ),
    );
    if (settled === undefined) return;
    const [error] = settled;
    if (error) failed(error);
    else api.close({ kind: 'enabled', primary: primary || !canBeSecondary });
  }

  async function resend(phoneNo: string) {
    if (busy) return;
    setFailure(undefined);
    const sent = await run(() => sendCode(phoneNo));
    if (sent === true) setNotice(t('mfa.sms.resent'));
  }

  const cancel = () => {
    api.close({ kind: 'cancelled' });
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 id={api.titleId}>{t('mfa.sms.enableTitle')}</h2>
      {phase.kind === 'phone' ? (
        <>
          <p id={api.descriptionId}>{t('mfa.sms.enableIntro')}</p>
          <CountrySelect
            t={t}
            label={t('mfa.sms.country')}
            countries={countries}
            loadFailed={loadFailed}
            onRetry={() => {
              setAttempt((n) => n + 1);
            }}
            value={country}
            onValueChange={setCountry}
            error={countryError}
          />
          <TextField
            label={t('mfa.sms.phone')}
            hint={t('mfa.sms.phoneHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            data-autofocus
            onValueChange={(v) => {
              setPhone(v);
              setFailure(undefined);
            }}
            error={failure ?? phoneError}
          />
        </>
      ) : (
        <>
          <p id={api.descriptionId}>{t('mfa.sms.codeSent', { phone: phase.phoneNo })}</p>
          <CodeInput
            label={t('mfa.code.label')}
            value={code}
            data-autofocus
            onValueChange={(v) => {
              setCode(v);
              setFailure(undefined);
            }}
            error={failure ?? codeError}
          />
          <p className="status-line" role="status">
            {notice}
          </p>
          <p>
            <button type="button" className="button link" onClick={() => void resend(phase.phoneNo)}>
              {t('mfa.sms.resend')}
            </button>
          </p>
          {canBeSecondary && (
            <Checkbox label={t('mfa.sms.makePrimary')} checked={primary} onCheckedChange={setPrimary} />
          )}
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={cancel}>
          {t('dialog.cancel')}
        </button>
        <SubmitButton busy={busy} busyLabel={t('mfa.common.working')} className="button primary">
          {t(phase.kind === 'phone' ? 'mfa.sms.sendCode' : 'mfa.sms.turnOn')}
        </SubmitButton>
      </div>
    </form>
  );
}
