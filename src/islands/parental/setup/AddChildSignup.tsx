/**
 * setting/parental-controls/add-child/signup (spec §4 "Child account", §5; docs/parental-setup.md): the parent
 * creates a child account (parental_flow_mode=child). The create form's fields (./ChildDetails): the child's
 * email, birth date, password with the live rules, confirmation and the terms; the country is the parent's,
 * fixed (a child's country equals the parent's). The email is proven by the emailed sign-up code, then
 * childSignup creates the account in the family. A birth date that does not make a minor
 * (DOB_INVALID_FOR_CHILD) is said on the birth date field; then add-child/complete.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ApiError } from '../../../client/http/api-error';
import { unifiedCalls } from '../../../client/navigation/page';
import { $account } from '../../../client/stores/account';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import type { DateFormatInfo } from '../../shared/date-parts';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { SubmitButton } from '../../shared/SubmitButton';
import { useSubmit } from '../../shared/use-submit';
import type { ChildDetails as Values, ChildErrors, ChildField } from './child-checks';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import * as routes from '../../../routes/refs';

export interface AddChildSignupProps {
  strings: Strings;
  locale: Locale;
  dateFormat: DateFormatInfo;
  /** The build's year: the latest year of birth offered. */
  maxYear: number;
}

/** The server's refusal of a birth date that does not make a minor (spec §5). */
export const DOB_INVALID = 'DOB_INVALID_FOR_CHILD';
/** Codes that mean the emailed code is wrong or stale: the parent enters it again. */
const CODE_REFUSED: ReadonlySet<string> = new Set(['20013', '20018', '20188']);

/** The fields, loaded when the form renders (page budget: see the module); the code input with the second step. */
const ChildDetails = lazy(() => import('./ChildDetails').then((m) => ({ default: m.ChildDetails })));
const CodeInput = lazy(() => import('../../shared/CodeInput').then((m) => ({ default: m.CodeInput })));

type Checks = typeof import('./child-checks');
let checksLoad: Promise<Checks> | undefined;
function loadChecks(): Promise<Checks> {
  checksLoad ??= import('./child-checks').catch((error: unknown) => {
    checksLoad = undefined;
    throw error;
  });
  return checksLoad;
}
const calls = onDemandModule(() => import('./child-calls'));

type Step = 'details' | 'code';

const EMPTY: Values = {
  email: '',
  birthday: { year: '', month: '', day: '' },
  password: '',
  confirm: '',
  terms: false,
};

export function AddChildSignup({ strings, locale, dateFormat, maxYear }: AddChildSignupProps) {
  useWarmPath(calls);
  const t = createT(strings);
  // The parent's account, loaded by the settings shell; the child's country is the parent's (spec §5).
  const account = useStore($account, { ssr: 'initial' });
  const parentCountry = account?.countryCode ?? '';
  const [step, setStep] = useState<Step>('details');
  const [values, setValues] = useState<Values>(EMPTY);
  const [code, setCode] = useState('');
  // Ages are checked as of the page's opening, in the fields and on submit alike: a render must not read the clock.
  const [today] = useState(() => Date.now());
  /** The address the current code was sent to: a changed email needs a new code. */
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [errors, setErrors] = useState<ChildErrors>({});
  const [codeIssue, setCodeIssue] = useState<string | undefined>(undefined);
  const [dobRefused, setDobRefused] = useState(false);
  // The calls give their refusal back: some are handled while the form is busy (create's), some once it is free.
  const { busy, code: formCode, setCode: setFormCode, run, stayBusy } = useSubmit();
  const formText = useErrorText(strings, formCode);
  const dobText = useErrorText(strings, dobRefused ? DOB_INVALID : undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const stepRef = useRef(step);

  useEffect(() => {
    if (stepRef.current !== step) headingRef.current?.focus();
    stepRef.current = step;
  }, [step]);

  function change<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'birthday') setDobRefused(false);
  }

  async function failed(error: ApiError) {
    const { handleSettingsError } = await import('../../settings/handle-error');
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  async function create(email: string, birthday: string) {
    const { createChild } = await calls();
    const [error, added] = await createChild(
      { email, password: values.password, countryCode: parentCountry, birthday, code },
      locale,
    );
    if (!error) {
      // The page leaves for add-child/complete: the form stays busy meanwhile.
      stayBusy();
      const { navigate } = await import('../../../client/navigation/browser');
      navigate(routes.addChildComplete, { query: { child: String(added.globalUserNo) } });
      return;
    }
    if (error.code === DOB_INVALID) {
      setDobRefused(true);
      setStep('details');
    } else if (CODE_REFUSED.has(error.code)) {
      setCode('');
      setStep('code');
      setFormCode(error.code);
    } else {
      setStep('details');
      await failed(error);
    }
  }

  async function submitDetails(checks: Checks, birthday: string) {
    // The blocklist, when it has loaded (the password field loads it); else the API's answer says so.
    const { loadPasswordTools } = await import('../../shared/use-password-tools');
    const tools = await loadPasswordTools().catch(() => null);
    const found = checks.detailsErrors(values, birthday, today, tools?.isBlocklisted ?? null);
    setErrors(found);
    const first = (Object.keys(found) as ChildField[])[0];
    if (first !== undefined) {
      if (first === 'email') emailRef.current?.focus();
      return;
    }
    const email = values.email.trim();
    if (codeFor === email && code !== '') {
      // The code was checked already (the birth date was refused after it): create with it.
      await run(() => create(email, birthday));
      return;
    }
    const sent = await run(async () => {
      const { sendCode } = await calls();
      const [error] = await sendCode(email, locale, unifiedCalls());
      return { error };
    });
    if (sent === undefined) return;
    if (sent.error) {
      await failed(sent.error);
      return;
    }
    setCodeFor(email);
    setCode('');
    setResent(false);
    setStep('code');
  }

  async function submitCode(checks: Checks, birthday: string) {
    const issue = checks.codeError(code);
    setCodeIssue(issue === undefined ? undefined : t(issue));
    if (issue !== undefined || codeFor === null) return;
    const email = codeFor;
    const checked = await run(async () => {
      const { checkCode } = await calls();
      const [error] = await checkCode(email, code, unifiedCalls());
      // A refused code is handled once the form is free; a checked one creates the child in the same run.
      if (error) return { error };
      await create(email, birthday);
      return { error: undefined };
    });
    const error = checked?.error;
    if (error === undefined) return;
    if (CODE_REFUSED.has(error.code)) setFormCode(error.code);
    else await failed(error);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormCode(undefined);
    let checks: Checks;
    let birthday: string;
    try {
      const [loaded, details] = await Promise.all([loadChecks(), import('./ChildDetails')]);
      checks = loaded;
      birthday = details.birthdayIso(values.birthday) ?? '';
    } catch {
      setFormCode('NETWORK_ERROR');
      return;
    }
    if (step === 'details') await submitDetails(checks, birthday);
    else await submitCode(checks, birthday);
  }

  async function resend() {
    if (busy || codeFor === null) return;
    const email = codeFor;
    const sent = await run(async () => {
      const { resendCode } = await calls();
      const [error] = await resendCode(email, locale, unifiedCalls());
      return { error };
    });
    if (sent === undefined) return;
    if (sent.error) await failed(sent.error);
    else {
      setCode('');
      setResent(true);
    }
  }

  const shown: Partial<Record<ChildField, string>> = Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, t(key)]),
  );
  if (shown.birthday === undefined && dobRefused && dobText !== undefined) shown.birthday = dobText.message;
  const loading = <p className="loading-line">{t('parentalSetup.common.loading')}</p>;

  return (
    <>
      <form
        method="post"
        className="card create-form"
        noValidate
        aria-labelledby="add-child-heading"
        onFocus={() => void loadChecks().catch(() => undefined)}
        onSubmit={(e) => void onSubmit(e)}
      >
        <h1 id="add-child-heading">{t('parentalSetup.addChild.heading')}</h1>
        <h2 ref={headingRef} tabIndex={-1}>
          {step === 'details' ? t('parentalSetup.addChild.detailsHeading') : t('parentalSetup.addChild.codeHeading')}
        </h2>
        <FormError message={formText?.message} />
        {step === 'details' ? (
          <>
            <p className="muted">{t('parentalSetup.addChild.intro')}</p>
            <Suspense fallback={loading}>
              <ChildDetails
                t={t}
                locale={locale}
                dateFormat={dateFormat}
                maxYear={maxYear}
                parentCountry={parentCountry}
                values={values}
                onChange={change}
                errors={shown}
                emailRef={emailRef}
              />
            </Suspense>
            <SubmitButton busy={busy} busyLabel={t('parentalSetup.common.working')}>
              {t('parentalSetup.addChild.submit')}
            </SubmitButton>
          </>
        ) : (
          <>
            <p className="muted">{t('parentalSetup.addChild.codeIntro', { email: codeFor ?? '' })}</p>
            <Suspense fallback={loading}>
              <CodeInput
                label={t('parentalSetup.addChild.code')}
                name="code"
                required
                value={code}
                onValueChange={setCode}
                error={codeIssue}
              />
            </Suspense>
            <p className="muted" aria-live="polite">
              {resent ? t('parentalSetup.addChild.resent', { email: codeFor ?? '' }) : ''}
            </p>
            <SubmitButton busy={busy} busyLabel={t('parentalSetup.common.working')}>
              {t('parentalSetup.addChild.create')}
            </SubmitButton>
            <div className="actions">
              <button type="button" className="button link" disabled={busy} onClick={() => void resend()}>
                {t('parentalSetup.addChild.resend')}
              </button>
              <button
                type="button"
                className="button link"
                disabled={busy}
                onClick={() => {
                  setStep('details');
                  setFormCode(undefined);
                }}
              >
                {t('parentalSetup.addChild.back')}
              </button>
            </div>
          </>
        )}
      </form>
      <LazyDialogHost strings={strings} />
    </>
  );
}
