/**
 * Account creation (spec §2 create, unified/create): age check → email →
 * code → details → create, driven by createReducer. The island runs each
 * step's call (create-steps.ts, on demand) and reports the outcome to the reducer; a
 * minor by the country's age rule goes to create/parent-consent-required,
 * a created account to create/complete.
 *
 * What the form renders with is all the page loads before interaction: the sign-in link's path comes from the
 * screen, and the error texts, the dialog host and the navigation to the flow's ends load when they are needed
 * (the shared `base` file, about 3.7 KB br, is not on this page before the warm-up; docs/performance.md).
 */
import { useStore } from '@nanostores/react';
import region from '@region';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  type SubmitEvent,
} from 'react';
import type { ShownErrorText } from '../../client/errors/texts';
import { unifiedCalls } from '../../client/navigation/page';
import { withQuery } from '../../client/navigation/query';
import { $captcha, CAPTCHA_FORM_KEYS } from '../../client/stores/captcha';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import type { RoutePath } from '../../client/navigation/href';
import { FormError } from '../shared/FormError';
import type { DateFormatInfo } from '../shared/date-parts';
import { useCountries } from '../shared/use-countries';
import { usePageQuery } from '../shared/use-page-query';
import { startTransitionAfterSubmit } from '../shared/submit-transition';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import type { PasswordTools } from '../shared/use-password-tools';
import { createReducer, FORM_STEPS, initialCreateState, type CreateState, type FormState } from './create-reducer';
import { AgeStep } from './steps';
import * as routes from '../../routes/refs';

/**
 * The action path, loaded at idle after hydration or with the first focus in the form (../shared/warm-path) and
 * awaited on submit, not with the page (page budget, docs/performance.md): the field checks (zod schemas), the
 * calls (captcha, cookies, contract) and, on a failure, the error handling.
 */
type Checks = typeof import('./create-validation');
const loadChecks = onDemandModule(() => import('./create-validation'));
/** Each step's call and what its answer does, and the handling of a failed one. */
const steps = onDemandModule(() => import('./create-steps'));
const failures = onDemandModule(() => import('./create-errors'));
/** The email, code and details steps: shown after the age step. */
const laterSteps = onDemandModule(() => import('./later-steps'));
const EmailStep = lazy(() => laterSteps().then((m) => ({ default: m.EmailStep })));
const CodeStep = lazy(() => laterSteps().then((m) => ({ default: m.CodeStep })));
const DetailsStep = lazy(() => laterSteps().then((m) => ({ default: m.DetailsStep })));
// Mounted with the first submit, as a transition: the steps' calls and their failures are what open dialogs here, and
// a host mounted in the click's own render would be rendered before the click's call leaves.
const LazyDialogHost = lazy(() => import('../shared/LazyDialogHost').then((m) => ({ default: m.LazyDialogHost })));

/** The text of an error code; the page's error texts load with the first error, not with the form. */
async function errorText(strings: Strings, code: string): Promise<ShownErrorText> {
  const { errorTextWhenLoaded } = await import('../../client/errors/texts');
  return errorTextWhenLoaded(strings, code);
}

/**
 * Leaves for one of the flow's ends. The navigation module is in memory by then: the step's call that ends the
 * flow imported it (the API call stubs share its file), so this waits on no network.
 */
async function leaveFor(route: RoutePath): Promise<void> {
  const { hrefTo } = await import('../../client/navigation/browser');
  location.assign(hrefTo(route));
}

export interface CreateIslandProps {
  strings: Strings;
  locale: Locale;
  /**
   * The sign-in link's path (login, or unified-login on unified/create), built from the route registry by the
   * screen at build time, so the form ships no route table: the carried query is added here.
   */
  signInPath: string;
  dateFormat: DateFormatInfo;
  /** The build's year: the latest year of birth offered. */
  maxYear: number;
}

export function CreateIsland({ strings, locale, signInPath, dateFormat, maxYear }: CreateIslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [state, dispatch] = useReducer(createReducer, undefined, () => initialCreateState());
  const countries = useCountries(locale);
  const { showCaptcha, v2Token } = useStore($captcha, { keys: CAPTCHA_FORM_KEYS });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const stepRef = useRef(state.step);
  // The blocklist and the strength meter load with the password step, not before (docs/security.md): the details
  // step loads them and hands the blocklist here for the submit check.
  const [isBlocklisted, setIsBlocklisted] = useState<PasswordTools['isBlocklisted']>(null);
  const onBlocklist = useCallback((check: PasswordTools['isBlocklisted']) => {
    setIsBlocklisted(() => check); // a function value: not an updater
  }, []);
  const [checks, setChecks] = useState<Checks | null>(null);
  // Ages are checked as of the page's opening, in the fields and on submit alike: a render must not read the clock.
  const [today] = useState(() => Date.now());
  const warm = useWarmPath(loadChecks, steps, failures, laterSteps);
  const [flowStarted, setFlowStarted] = useState(false);
  function prepare() {
    warm();
    if (checks !== null) return;
    void loadChecks().then(setChecks, () => undefined);
  }

  useEffect(() => {
    if (countries.visitorCountry !== null) dispatch({ type: 'suggestCountry', countryCode: countries.visitorCountry });
  }, [countries.visitorCountry]);

  // A new step moves focus to its heading so keyboard and screen-reader users start at the top of it.
  useEffect(() => {
    if (stepRef.current !== state.step) headingRef.current?.focus();
    stepRef.current = state.step;
  }, [state.step]);

  const errorCode = 'errorCode' in state ? state.errorCode : null;
  // The text of the shown code, once the page's error texts are in (none meanwhile, rather than a general message
  // the real text would replace a moment later); kept with its code so that a new code never shows an old text.
  const [shownText, setShownText] = useState<{ code: string; text: ShownErrorText } | undefined>(undefined);
  useEffect(() => {
    if (errorCode === null) return;
    let current = true;
    void errorText(strings, errorCode).then((text) => {
      if (current) setShownText({ code: errorCode, text });
    });
    return () => {
      current = false;
    };
  }, [strings, errorCode]);
  const formText = shownText !== undefined && shownText.code === errorCode ? shownText.text : undefined;
  // Once the message is in place (the page's error texts may still be loading when the code arrives).
  const errorMessage = formText?.message;
  useEffect(() => {
    if (errorMessage !== undefined) errorRef.current?.focus();
  }, [errorMessage]);

  // The flow's two ends are other screens.
  useEffect(() => {
    if (state.step === 'minor') void leaveFor(routes.createParentConsentRequired);
    if (state.step === 'created') {
      const { email } = state;
      void import('./create-finish')
        .then(({ finishCreate }) => {
          finishCreate(email);
        })
        .finally(() => leaveFor(routes.createComplete));
    }
  }, [state]);

  /**
   * A step's submit or resend under way, from the click on: its busy state renders as a transition, in a task
   * after the click's microtasks, in which the warmed call leaves (an urgent render ran before it:
   * docs/performance.md "The busy render after the call"), so a second click before that render finds this set.
   */
  const running = useRef(false);
  function once(work: () => Promise<void>) {
    if (running.current) return;
    running.current = true;
    void work().finally(() => {
      running.current = false;
    });
  }

  async function resend(step: Extract<CreateState, { step: 'code' }>) {
    if (step.busy) return;
    startTransition(() => {
      setFlowStarted(true);
      dispatch({ type: 'start' });
    });
    const { resendStep } = await steps();
    await resendStep(step.email, { locale, unified: unifiedCalls(), dispatch });
  }

  async function submit(step: FormState) {
    // After the submit event, or React renders the form's pending status before the step's call
    // (../shared/submit-transition).
    startTransitionAfterSubmit(() => {
      setFlowStarted(true);
    });
    let loaded: Checks;
    try {
      loaded = await loadChecks();
    } catch {
      dispatch({ type: 'failed', code: 'NETWORK_ERROR' });
      return;
    }
    const captchaMissing = step.step === 'age' && showCaptcha && v2Token === null;
    if (Object.keys(loaded.stepErrors(step, today, isBlocklisted)).length > 0 || captchaMissing) {
      setChecks(loaded);
      dispatch({ type: 'invalid' });
      firstRef.current?.focus();
      return;
    }
    startTransition(() => {
      setChecks(loaded);
      dispatch({ type: 'start' });
    });
    const { runStep } = await steps();
    await runStep(step, loaded.ageBirthday, { locale, unified: unifiedCalls(), dispatch });
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step === 'created' || state.step === 'minor' || state.busy) return;
    once(() => submit(state));
  }

  const signInHref = withQuery(signInPath, query);

  if (state.step === 'created' || state.step === 'minor') {
    return (
      <div className="card" aria-busy="true">
        <p role="status">{t('create.redirecting')}</p>
      </div>
    );
  }

  // showErrors is set only after a submit, which loaded the checks.
  const shown = state.showErrors && checks !== null ? checks.stepErrors(state, today, isBlocklisted) : {};
  const errors: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(shown).map(([field, key]) => [field, t(key)]),
  );
  if (state.showErrors && state.step === 'age' && showCaptcha && v2Token === null)
    errors['captcha'] = t('form.captcha.required');
  const index = FORM_STEPS.indexOf(state.step);
  const common = { t, dispatch, busy: state.busy, errors, firstRef };

  return (
    <>
      <form
        // A native submit before hydration posts: nothing lands in the URL (functions/account/_middleware.ts).
        method="post"
        className="card create-form"
        noValidate
        onSubmit={onSubmit}
        onFocus={prepare}
        onInput={prepare}
        aria-labelledby="create-heading"
      >
        <h1 id="create-heading">{t('create.heading')}</h1>
        <p className="muted">{t('create.progress', { current: index + 1, total: FORM_STEPS.length })}</p>
        <ol className="steps" aria-hidden="true">
          {FORM_STEPS.map((step, i) => (
            <li key={step} className={i < index ? 'done' : undefined} aria-current={i === index ? 'step' : undefined} />
          ))}
        </ol>
        <h2 ref={headingRef} tabIndex={-1}>
          {t(`create.${state.step}.heading`)}
        </h2>
        <FormError
          ref={errorRef}
          message={formText?.message}
          support={formText?.showSupport === true ? { href: region.supportUrl, label: t('error.support') } : undefined}
        />
        {state.step === 'age' && (
          <AgeStep
            {...common}
            countries={countries.countries}
            countriesFailed={countries.failed}
            retryCountries={countries.retry}
            countryCode={state.countryCode}
            birthday={state.birthday}
            dateFormat={dateFormat}
            maxYear={maxYear}
            showCaptcha={showCaptcha}
          />
        )}
        <Suspense fallback={null}>
          {state.step === 'email' && <EmailStep {...common} email={state.email} />}
          {state.step === 'code' && (
            <CodeStep
              {...common}
              email={state.email}
              code={state.code}
              resent={state.resent}
              onResend={() => {
                once(() => resend(state));
              }}
            />
          )}
          {state.step === 'details' && (
            <DetailsStep
              {...common}
              email={state.email}
              password={state.password}
              confirm={state.confirm}
              newsletter={state.newsletter}
              onBlocklist={onBlocklist}
            />
          )}
        </Suspense>
        <p className="form-footer">
          {t('create.haveAccount')} <a href={signInHref}>{t('create.signIn')}</a>
        </p>
      </form>
      {flowStarted && (
        <Suspense fallback={null}>
          <LazyDialogHost strings={strings} />
        </Suspense>
      )}
    </>
  );
}
