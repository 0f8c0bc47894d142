/**
 * setting/parental-controls/add-child/signup (spec §4 "Child account", §5; docs/parental-setup.md): the parent
 * creates a child account (parental_flow_mode=child). The create form's fields: the child's email, birth date,
 * password with the live rules, confirmation and the terms; the country is the parent's, fixed (a child's
 * country equals the parent's). The email is proven by the emailed sign-up code, then childSignup creates the
 * account in the family. A birth date that does not make a minor (DOB_INVALID_FOR_CHILD) is said on the birth
 * date field; then add-child/complete.
 */
import region from '@region';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { ApiError } from '../../../client/http/api-error';
import { unifiedCalls } from '../../../client/navigation/page';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { PASSWORD_RULE_CODES, passwordIssues } from '../../../shared/validation/password-rules';
import { BirthdayFields } from '../../shared/BirthdayFields';
import { Checkbox } from '../../shared/Checkbox';
import { CodeInput } from '../../shared/CodeInput';
import { EMPTY_BIRTHDAY, type BirthdayValue, type DateFormatInfo } from '../../shared/date-parts';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { PasswordField } from '../../shared/PasswordField';
import { PasswordRules, type RuleState } from '../../shared/PasswordRules';
import { PasswordStrength } from '../../shared/PasswordStrength';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { usePasswordTools } from '../../shared/use-password-tools';
import { useAccount } from '../../settings/account';
import type { ChildErrors, ChildField } from './child-checks';

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
/** The live rules; 20199 (the last 5 passwords) is the server's and means nothing for a new account. */
const LIVE_RULES = PASSWORD_RULE_CODES.filter((code) => code !== '20199');

type Checks = typeof import('./child-checks');
let checksLoad: Promise<Checks> | undefined;
function loadChecks(): Promise<Checks> {
  checksLoad ??= import('./child-checks').catch((error: unknown) => {
    checksLoad = undefined;
    throw error;
  });
  return checksLoad;
}
const calls = () => import('./child-calls');

type Step = 'details' | 'code';

export function AddChildSignup({ strings, locale, dateFormat, maxYear }: AddChildSignupProps) {
  const t = createT(strings);
  const view = useAccount();
  const parentCountry = view.status === 'ready' ? (view.account.countryCode ?? '') : '';
  const [step, setStep] = useState<Step>('details');
  const [email, setEmail] = useState('');
  const [birthday, setBirthday] = useState<BirthdayValue>(EMPTY_BIRTHDAY);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [code, setCode] = useState('');
  /** The address the current code was sent to: a changed email needs a new code. */
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [errors, setErrors] = useState<ChildErrors>({});
  const [codeIssue, setCodeIssue] = useState<string | undefined>(undefined);
  const [dobRefused, setDobRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formCode, setFormCode] = useState<string | undefined>(undefined);
  const formText = useErrorText(strings, formCode);
  const dobText = useErrorText(strings, dobRefused ? DOB_INVALID : undefined);
  // The blocklist and the strength meter load with the first focus in the form, not with the page.
  const [focused, setFocused] = useState(false);
  const tools = usePasswordTools(focused);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const stepRef = useRef(step);

  useEffect(() => {
    if (stepRef.current !== step) headingRef.current?.focus();
    stepRef.current = step;
  }, [step]);

  const countryName = useMemo(() => {
    if (parentCountry === '') return '';
    try {
      return new Intl.DisplayNames([locale], { type: 'region' }).of(parentCountry) ?? parentCountry;
    } catch {
      return parentCountry;
    }
  }, [locale, parentCountry]);

  const issues = passwordIssues(password, email.trim());
  const { isBlocklisted, strength } = tools;
  const blocklisted = password === '' || isBlocklisted === null ? null : isBlocklisted(password, email);
  // The estimate follows a deferred copy of the password (as the create form's): each keystroke renders first.
  const estimated = useDeferredValue(password);
  const score = useMemo(
    () => (estimated === '' || strength === null ? null : strength(estimated, email)),
    [estimated, email, strength],
  );

  async function failed(error: ApiError) {
    const { handleSettingsError } = await import('../../settings/handle-error');
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  async function create(trimmed: string, iso: string) {
    const { createChild } = await calls();
    const [error, added] = await createChild(
      { email: trimmed, password, countryCode: parentCountry, birthday: iso, code },
      locale,
    );
    if (!error) {
      const { navigate } = await import('../../../client/navigation/browser');
      navigate('add-child-complete', { query: { child: String(added.globalUserNo) } });
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
      if (step === 'code') setStep('details');
      await failed(error);
    }
    setBusy(false);
  }

  async function submitDetails(checks: Checks) {
    const found = checks.detailsErrors({ email, birthday, password, confirm, terms }, Date.now(), tools.isBlocklisted);
    setErrors(found);
    const first = (Object.keys(found) as ChildField[])[0];
    if (first !== undefined) {
      if (first === 'email' || first === 'password') firstRef.current?.focus();
      return;
    }
    const trimmed = email.trim();
    setBusy(true);
    if (codeFor === trimmed && code !== '') {
      // The code was checked already (the birth date was refused after it): create with it.
      await create(trimmed, checks.birthdayIso(birthday) ?? '');
      return;
    }
    const { sendCode } = await calls();
    const [error] = await sendCode(trimmed, locale, unifiedCalls());
    setBusy(false);
    if (error) {
      await failed(error);
      return;
    }
    setCodeFor(trimmed);
    setCode('');
    setResent(false);
    setStep('code');
  }

  async function submitCode(checks: Checks) {
    const issue = checks.codeError(code);
    setCodeIssue(issue === undefined ? undefined : t(issue));
    if (issue !== undefined) return;
    const trimmed = email.trim();
    setBusy(true);
    const { checkCode } = await calls();
    const [error] = await checkCode(trimmed, code, unifiedCalls());
    if (error) {
      setBusy(false);
      if (CODE_REFUSED.has(error.code)) setFormCode(error.code);
      else await failed(error);
      return;
    }
    await create(trimmed, checks.birthdayIso(birthday) ?? '');
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormCode(undefined);
    let checks: Checks;
    try {
      checks = await loadChecks();
    } catch {
      setFormCode('NETWORK_ERROR');
      return;
    }
    if (step === 'details') await submitDetails(checks);
    else await submitCode(checks);
  }

  async function resend() {
    if (busy || codeFor === null) return;
    setBusy(true);
    setFormCode(undefined);
    const { resendCode } = await calls();
    const [error] = await resendCode(codeFor, locale, unifiedCalls());
    setBusy(false);
    if (error) await failed(error);
    else {
      setCode('');
      setResent(true);
    }
  }

  const shown = (field: ChildField) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };
  const birthdayError = shown('birthday') ?? (dobRefused ? dobText?.message : undefined);
  const termsHref = region.footerLinks.find((l) => l.key === 'terms')?.href;
  const privacyHref = region.footerLinks.find((l) => l.key === 'privacy')?.href;

  return (
    <>
      <form
        method="post"
        className="card create-form"
        noValidate
        aria-labelledby="add-child-heading"
        onFocus={() => {
          setFocused(true);
          void loadChecks().catch(() => undefined);
        }}
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
            <p>
              {parentCountry === ''
                ? t('parentalSetup.common.loading')
                : t('parentalSetup.addChild.country', { country: countryName })}
            </p>
            <TextField
              ref={firstRef}
              label={t('parentalSetup.addChild.email')}
              type="email"
              name="email"
              autoComplete="off"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={email}
              onValueChange={setEmail}
              error={shown('email')}
            />
            <BirthdayFields
              t={t}
              legend={t('parentalSetup.addChild.birthday')}
              format={dateFormat}
              maxYear={maxYear}
              value={birthday}
              onValueChange={(value) => {
                setBirthday(value);
                setDobRefused(false);
              }}
              error={birthdayError}
            />
            <PasswordField
              t={t}
              label={t('parentalSetup.addChild.password')}
              name="new-password"
              autoComplete="new-password"
              required
              describedBy="child-password-strength child-password-rules"
              value={password}
              onValueChange={setPassword}
              error={shown('password')}
            />
            <PasswordStrength t={t} id="child-password-strength" score={score} />
            <PasswordRules
              t={t}
              id="child-password-rules"
              rules={[
                ...LIVE_RULES.map((rule): RuleState => ({
                  key: `form.passwordRules.${rule}`,
                  met: password !== '' && !issues.includes(rule),
                })),
                { key: 'form.passwordRules.notCommon', met: blocklisted === false },
              ]}
            />
            <PasswordField
              t={t}
              label={t('parentalSetup.addChild.confirm')}
              name="confirm-password"
              autoComplete="new-password"
              required
              value={confirm}
              onValueChange={setConfirm}
              error={shown('confirm')}
            />
            <Checkbox label={t('parentalSetup.addChild.terms')} checked={terms} onCheckedChange={setTerms} />
            {errors.terms !== undefined && (
              <p className="field-error" role="alert">
                {t(errors.terms)}
              </p>
            )}
            <p className="links muted">
              {termsHref && (
                <a href={termsHref} target="_blank" rel="noopener">
                  {t('footer.terms')}
                </a>
              )}{' '}
              {privacyHref && (
                <a href={privacyHref} target="_blank" rel="noopener">
                  {t('footer.privacy')}
                </a>
              )}
            </p>
            <SubmitButton busy={busy} busyLabel={t('parentalSetup.common.working')}>
              {t('parentalSetup.addChild.submit')}
            </SubmitButton>
          </>
        ) : (
          <>
            <p className="muted">{t('parentalSetup.addChild.codeIntro', { email: codeFor ?? '' })}</p>
            <CodeInput
              label={t('parentalSetup.addChild.code')}
              name="code"
              required
              value={code}
              onValueChange={setCode}
              error={codeIssue}
            />
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
