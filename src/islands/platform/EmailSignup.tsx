/**
 * Email sign-up on a platform (docs/platforms.md "Email sign-up"): the in-game sign-up on global/{platform}/login
 * and the store connector's on the launcher's login page. Loaded when the player asks to create an account, never
 * with a page.
 *
 *   details (email, password, country, birth date, newsletter) ─► signup[/in-game]/email/validate (sends the code)
 *   code ─► signup[/in-game]/email/code with the details and the blackBox ─► onCreated(email)
 *
 * The birth date is checked here against the country's age of digital consent as the server does (a minor is told
 * to ask a parent or guardian, nothing is sent). The device fingerprint starts with the first submit
 * (collectBlackBox: 10 tries, 300 ms apart) and is awaited at the last one; when it fails, the device id stands
 * in (the call requires one, as create/verify/code-tpa does).
 */
import region from '@region';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { routeHref } from '../../client/navigation/href';
import { getDeviceId } from '../../client/stores/device';
import type { T } from '../../client/t';
import type { Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import type { ConnectorPlatform } from '../../shared/contract/launcher-login';
import type { ConsolePlatform } from '../../shared/contract/platform';
import { isMinorIn } from '../../shared/validation/age-of-consent';
import type { CountryEntry } from '../../shared/contract/countries';
import { isValidBirthday } from '../../shared/validation/birthday';
import { EMAIL_MAX, isEmailAddress } from '../../shared/validation/email-format';
import { passwordIssues } from '../../shared/validation/password-rules';
import { Checkbox } from '../shared/Checkbox';
import { CountrySelect } from '../shared/CountrySelect';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { useSubmit } from '../shared/use-submit';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import * as routes from '../../routes/refs';

export type EmailSignupTarget =
  { mode: 'in-game'; platform: ConsolePlatform } | { mode: 'connector'; platform: ConnectorPlatform };

export interface EmailSignupProps {
  t: T;
  strings: Strings;
  locale: Locale;
  target: EmailSignupTarget;
  clientId: string;
  /** The account exists (and is linked): the caller reports it and moves on. */
  onCreated: (email: string) => void;
  /** Resolves with the code to show, or undefined when the failure was handled (e.g. a navigation). */
  onFailure?: (error: ApiError) => Promise<string | undefined>;
  onCancel: () => void;
}

const CODE = /^\d{6}$/;

// On demand, through the calls' shared loader: a module a page loads at start (the create page's country hook, the
// platform pages' call loader) imported here too would split into a file of its own on those pages.
const platformCalls = onDemandModule(() => import('../../client/api/platform'));

/** The region's countries in the page language (every country where the region has no membership number). */
function useCountryList(locale: Locale) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ countries: readonly CountryEntry[] | null; failed: boolean }>({
    countries: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request (locale or retry) shows the list as loading again before its answer
    setState({ countries: null, failed: false });
    const language = serverLocaleCode(locale);
    void import('../../client/api/countries')
      .then((api) =>
        settle(
          region.membershipNo === null
            ? api.getGlobalCountries({ language })
            : api.getRegionCountries({ membershipNo: region.membershipNo, language }),
        ),
      )
      .then(([e, data]) => {
        if (!live) return;
        if (e) setState({ countries: null, failed: true });
        else
          setState({
            countries: [...data.countryList].sort((a, b) => a.name.localeCompare(b.name, locale)),
            failed: false,
          });
      });
    return () => {
      live = false;
    };
  }, [locale, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

export function EmailSignup({
  t,
  strings,
  locale,
  target,
  clientId,
  onCreated,
  onFailure,
  onCancel,
}: EmailSignupProps) {
  useWarmPath(platformCalls);
  const countries = useCountryList(locale);
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [countryCode, setCountryCode] = useState('');
  const [birthday, setBirthday] = useState('');
  // Ages are checked as of the page's opening, in the fields and on submit alike: a render must not read the clock.
  const [today] = useState(() => Date.now());
  const [newsletter, setNewsletter] = useState(false);
  const [code, setCode] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [notice, setNotice] = useState<'minor' | 'resent' | undefined>(undefined);
  // A refused call shows what the page's handler makes of it (a dialog, or a form text).
  const {
    busy,
    code: errorCode,
    setCode: setErrorCode,
    run,
    stayBusy,
  } = useSubmit({ onError: (e) => (onFailure ? onFailure(e) : e.code) });
  const error = useErrorText(strings, errorCode);
  const blackBox = useRef<Promise<string | undefined> | null>(null);

  const inGame = target.mode === 'in-game';
  const language = serverLocaleCode(locale);
  const trimmed = email.trim();
  const issue = passwordIssues(password, trimmed)[0];
  // The password rule's text is a §8 form text (error.form.{code}): it resolves through the page's error-texts file
  // like every code, so the pages that can open this view (login, the platform login) need not ship the namespace.
  const passwordRule = useErrorText(strings, showErrors && step === 'details' ? issue : undefined);
  // Shown after a submit only, for the step on screen.
  const shown = (field: boolean, check: () => string | undefined) => (showErrors && field ? check() : undefined);
  const details = step === 'details';
  const emailError = shown(details, () =>
    trimmed === ''
      ? t('error.input.email-required')
      : trimmed.length <= EMAIL_MAX && isEmailAddress(trimmed)
        ? undefined
        : t('error.input.email-invalid'),
  );
  const passwordError = shown(details, () =>
    password === '' ? t('platformSignup.passwordRequired') : issue === undefined ? undefined : passwordRule?.message,
  );
  const countryError = shown(details, () => (countryCode === '' ? t('platformSignup.countryRequired') : undefined));
  const birthdayError = shown(details, () =>
    isValidBirthday(birthday, today) ? undefined : t('platformSignup.birthdayInvalid'),
  );
  const codeError = shown(!details, () => (CODE.test(code) ? undefined : t('error.input.verificationCode')));

  async function sendDetails(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    setNotice(undefined);
    if (trimmed.length > EMAIL_MAX || !isEmailAddress(trimmed) || issue !== undefined) return;
    if (countryCode === '' || !isValidBirthday(birthday, today)) return;
    if (isMinorIn(countryCode, birthday, today)) {
      setNotice('minor');
      return;
    }
    // The fingerprint library loads with the first submit, and collects while the player reads the email.
    blackBox.current ??= import('../../client/fingerprint/black-box').then((m) => m.collectBlackBox());
    await run(async () => {
      const api = await platformCalls();
      await api.validateSignupEmail(target.platform, target.mode, { newsletter, clientId, email: trimmed, language });
      setShowErrors(false);
      setStep('code');
    });
  }

  async function resend() {
    await run(async () => {
      await (await platformCalls()).requestPlatformEmailCode(target.platform, { email: trimmed, language });
      setNotice('resent');
    });
  }

  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    setNotice(undefined);
    if (!CODE.test(code)) return;
    await run(async () => {
      const deviceId = getDeviceId();
      const collected = await (blackBox.current ?? Promise.resolve(undefined));
      const result = await (
        await platformCalls()
      ).submitEmailSignupCode(
        target.platform,
        { inGame },
        {
          email: trimmed,
          code,
          codeType: 'EMAIL',
          clientId,
          deviceId,
          blackBox: collected ?? deviceId,
          password,
          countryCode,
          birthday,
          newsletter,
          language,
        },
      );
      setPassword('');
      // The account exists: the page moves on (onCreated), and the form stays busy meanwhile.
      stayBusy();
      onCreated(result.email ?? trimmed);
    });
  }

  const termsHref = routeHref(locale, { route: routes.globalTermsOfUse });
  const privacyHref = routeHref(locale, { route: routes.globalPrivacyPolicy });

  if (step === 'code')
    return (
      <form className="card" method="post" noValidate onSubmit={(e) => void create(e)} aria-labelledby="pfs-heading">
        <h1 id="pfs-heading">{t('platformSignup.codeHeading')}</h1>
        <p>{t('platformSignup.codeSent', { email: trimmed })}</p>
        {notice === 'resent' && <p role="status">{t('platformSignup.resent')}</p>}
        <FormError message={error?.message} />
        <TextField
          label={t('platformSignup.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onValueChange={(v) => setCode(v.replace(/\D/g, ''))}
          error={codeError}
        />
        <SubmitButton busy={busy} busyLabel={t('platformSignup.creating')}>
          {t('platformSignup.create')}
        </SubmitButton>
        <div className="links">
          <button type="button" className="button link" onClick={() => void resend()}>
            {t('platformSignup.resend')}
          </button>
          <button
            type="button"
            className="button link"
            onClick={() => {
              setStep('details');
              setCode('');
              setErrorCode(undefined);
            }}
          >
            {t('platformSignup.back')}
          </button>
        </div>
      </form>
    );

  return (
    <form className="card" method="post" noValidate onSubmit={(e) => void sendDetails(e)} aria-labelledby="pfs-heading">
      <h1 id="pfs-heading">{t('platformSignup.heading')}</h1>
      <p className="muted">{inGame ? t('platformSignup.inGameIntro') : t('platformSignup.connectorIntro')}</p>
      {notice === 'minor' && <p role="alert">{t('platformSignup.minor')}</p>}
      <FormError message={error?.message} />
      <TextField
        label={t('platformSignup.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={emailError}
      />
      <PasswordField
        t={t}
        label={t('platformSignup.password')}
        name="password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        error={passwordError}
      />
      <CountrySelect
        t={t}
        label={t('platformSignup.country')}
        countries={countries.countries}
        loadFailed={countries.failed}
        onRetry={countries.retry}
        value={countryCode}
        onValueChange={setCountryCode}
        error={countryError}
      />
      <TextField
        label={t('platformSignup.birthday')}
        name="birthday"
        type="date"
        autoComplete="bday"
        value={birthday}
        onValueChange={setBirthday}
        error={birthdayError}
      />
      <Checkbox
        label={t('platformSignup.newsletter')}
        name="newsletter"
        checked={newsletter}
        onCheckedChange={setNewsletter}
      />
      <p className="muted">
        {t('platformSignup.terms')} <a href={termsHref}>{t('platformSignup.termsLink')}</a> ·{' '}
        <a href={privacyHref}>{t('platformSignup.privacyLink')}</a>
      </p>
      <SubmitButton busy={busy} busyLabel={t('platformSignup.sending')}>
        {t('platformSignup.submit')}
      </SubmitButton>
      <div className="links">
        <button type="button" className="button link" onClick={onCancel}>
          {t('platformSignup.back')}
        </button>
      </div>
    </form>
  );
}
