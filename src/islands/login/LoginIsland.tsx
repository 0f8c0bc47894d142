/**
 * The sign-in form (spec §2 login, §4 "Login flow"): email or ID, password,
 * remember me, the captcha per configuration (invisible v3 by default, the
 * visible widget when showCaptcha is on), links to account creation and
 * self-service recovery. The form is rendered at build time; everything after
 * a successful sign-in loads on demand (./after-submit), so the page ships
 * only the form. Dialogs on this page come only from the sign-in flow, so
 * the dialog host mounts (and loads) with the first submit.
 */
import { useStore } from '@nanostores/react';
import region from '@region';
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type SubmitEvent,
} from 'react';
import { $captcha, CAPTCHA_FORM_KEYS } from '../../client/stores/captcha';
import { $launcherSettings } from '../../client/stores/launcher';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { unifiedCalls } from '../../client/navigation/page';
import { NOTICE_QUERY_KEY, withQuery } from '../../client/navigation/query';
import { FormError } from '../shared/FormError';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { Checkbox } from '../shared/Checkbox';
import { usePageQuery } from '../shared/use-page-query';
import { startTransitionAfterSubmit } from '../shared/submit-transition';
import { onDemandModule, useWarmPath } from '../shared/warm-path';
import { PasskeySignIn } from './PasskeySignIn';
import type { ShownErrorText } from '../../client/errors/texts';

// Loaded only when the configuration asks for the visible captcha.
const CaptchaV2 = lazy(() => import('../../client/captcha/CaptchaV2').then((m) => ({ default: m.CaptchaV2 })));
/** The sign-in code: fetched at idle after hydration or with the first focus (./warm-path), used on submit. */
const submitCode = onDemandModule(() => import('./after-submit'));
// Mounted with the first submit or passkey pick, as a transition: the sign-in flow is what opens dialogs here, and a
// host mounted in the click's own render would be rendered before the click's call leaves.
const LazyDialogHost = lazy(() => import('../shared/LazyDialogHost').then((m) => ({ default: m.LazyDialogHost })));

/** The text of an error code; the catalogue and the page's error texts load with the first error, not with the form. */
async function errorText(strings: Strings, code: string): Promise<ShownErrorText> {
  const { errorTextWhenLoaded } = await import('../../client/errors/texts');
  return errorTextWhenLoaded(strings, code);
}

const CODE = /^[A-Z0-9_]{1,32}$/i;

export interface LoginIslandProps {
  strings: Strings;
  locale: Locale;
  /**
   * Paths of the links, built from the route registry at build time (create, or unified-create on
   * unified-login; self-service), so the form ships no route table: the carried query is added here.
   */
  createPath: string;
  recoveryPath: string;
  /**
   * The provider buttons, rendered at build time by the screen (src/components/SocialButtons.astro) and handed
   * over as static HTML: they sit inside the card, with the other ways to sign in, and stay out of the island's code.
   */
  children?: ReactNode;
}

export interface LoginFields {
  id: string;
  password: string;
  rememberMe: boolean;
}

export function LoginIsland({ strings, locale, createPath, recoveryPath, children }: LoginIslandProps) {
  // One translator per strings object (fixed for the page's life), so effects can depend on it honestly.
  const t = useMemo(() => createT(strings), [strings]);
  const query = usePageQuery();
  const { showCaptcha, v2Token } = useStore($captcha, { keys: CAPTCHA_FORM_KEYS });
  const [fields, setFields] = useState<LoginFields>({ id: '', password: '', rememberMe: false });
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  // A ref as well as the state: the busy render comes after the call has left (onSubmit), so a second click made
  // before it must find the sign-in under way.
  const signingIn = useRef(false);
  const [formCode, setFormCode] = useState<string | null>(null);
  const [Connector, setConnector] = useState<typeof import('../platform/ConnectorSignup').ConnectorSignup | null>(null);
  const [formText, setFormText] = useState<ShownErrorText | undefined>(undefined);
  const [noticeText, setNoticeText] = useState<string | undefined>(undefined);
  const idRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const warm = useWarmPath(submitCode);
  const [flowStarted, setFlowStarted] = useState(false);
  const startFlow = () => {
    startTransition(() => {
      setFlowStarted(true);
    });
  };

  // What the player typed before hydration is in the fields but not in the state, and the next render would clear
  // it (the page holds a submit made then: src/components/PrehydrationGuard.astro). Take the typed values over.
  useEffect(() => {
    const typed = idRef.current?.form?.elements as unknown as Record<keyof LoginFields, HTMLInputElement>;
    setFields({ id: typed.id.value, password: typed.password.value, rememberMe: typed.rememberMe.checked });
  }, []);

  // 20257 sends the player back here with ?errorCode=… (shown as an error); other handlers add ?notice=… (20001
  // "log in to continue"), shown as information. Only the code picks a text; anything else in the URL is ignored.
  useEffect(() => {
    const code = query.get('errorCode');
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the page's query is read once mounted (the built HTML has none), and the screen follows it
    if (code !== null && CODE.test(code)) setFormCode(code);
    const notice = query.get(NOTICE_QUERY_KEY);
    if (notice === null || !CODE.test(notice)) return;
    void errorText(strings, notice).then((text) => {
      // A notice without its own text would only say "something went wrong": leave it out.
      if (!text.showSupport) setNoticeText(text.message);
    });
  }, [query, t, strings]);

  useEffect(() => {
    if (formCode === null) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the text of a cleared code is cleared with it; a new code's text loads below
      setFormText(undefined);
      return undefined;
    }
    let live = true;
    void errorText(strings, formCode).then((text) => {
      if (!live) return;
      setFormText(text);
      // Move focus once the message is in place, so it is read out.
      requestAnimationFrame(() => errorRef.current?.focus());
    });
    return () => {
      live = false;
    };
  }, [formCode, t, strings]);

  const idError = showErrors && fields.id.trim() === '' ? t('login.id.required') : undefined;
  const passwordError = showErrors && fields.password === '' ? t('login.password.required') : undefined;
  const captchaError = showErrors && showCaptcha && v2Token === null ? t('form.captcha.required') : undefined;

  const set = <K extends keyof LoginFields>(key: K, value: LoginFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setFormCode(null);
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || signingIn.current) return;
    const missing = fields.id.trim() === '' ? idRef : fields.password === '' ? passwordRef : null;
    if (missing !== null || (showCaptcha && v2Token === null)) {
      setShowErrors(true);
      missing?.current?.focus();
      return;
    }
    const submit = (code: typeof import('./after-submit')) =>
      code.submitLogin({ ...fields, id: fields.id.trim() }, { locale, unified: unifiedCalls(), t });
    signingIn.current = true;
    // The busy form renders as a transition, in a task after this click's microtasks, in which the warmed call
    // leaves: an urgent render ran in the first of them, so the call waited for it (docs/performance.md "The busy
    // render after the call"). Started after the submit event, or React renders the form's pending status before
    // the call (../shared/submit-transition).
    startTransitionAfterSubmit(() => {
      setShowErrors(true);
      setBusy(true);
      setFormCode(null);
      setFlowStarted(true);
    });
    // The state changes above come before the sign-in's awaited steps because the flow they start is what its later
    // steps (a store connector's login) run in; started after the call, the connector login met no session
    // (launcher.spec "store connector login refused").
    const loaded = submitCode.loaded();
    const submitting = loaded === undefined ? submitCode().then(submit) : submit(loaded);
    const outcome = await submitting;
    if (outcome.kind === 'signed-in') {
      setFields({ id: '', password: '', rememberMe: false });
      return;
    }
    signingIn.current = false;
    setBusy(false);
    if (outcome.kind === 'form-error') setFormCode(outcome.code);
  }

  const createHref = withQuery(createPath, query);
  const recoveryHref = withQuery(recoveryPath, query);

  // The store connector's sign-up replaces the form (docs/launcher.md); loaded when asked for.
  if (Connector) return <Connector t={t} strings={strings} locale={locale} onCancel={() => setConnector(null)} />;
  return (
    <>
      <form
        // Before hydration (or without JavaScript) the browser submits natively: POST keeps the password out of
        // the URL, and the page answers it with a redirect to itself (functions/account/_middleware.ts).
        method="post"
        className="card login-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        onFocus={warm}
        onInput={warm}
        aria-labelledby="login-heading"
      >
        <h1 id="login-heading">{t('login.heading')}</h1>
        {noticeText !== undefined && formText === undefined && (
          <p className="alert notice" role="status">
            {noticeText}
          </p>
        )}
        <FormError
          ref={errorRef}
          message={formText?.message}
          support={formText?.showSupport === true ? { href: region.supportUrl, label: t('error.support') } : undefined}
        />
        <TextField
          ref={idRef}
          label={t('login.id.label')}
          name="id"
          type="text"
          // "webauthn": the browser may suggest the account's passkeys here (./PasskeySignIn, issue 18).
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={fields.id}
          onValueChange={(v) => {
            set('id', v);
          }}
          error={idError}
        />
        <PasswordField
          ref={passwordRef}
          t={t}
          label={t('login.password.label')}
          name="password"
          autoComplete="current-password"
          required
          value={fields.password}
          onValueChange={(v) => {
            set('password', v);
          }}
          error={passwordError}
        />
        <Checkbox
          label={t('login.rememberMe')}
          hint={t('login.rememberMeHint')}
          name="rememberMe"
          checked={fields.rememberMe}
          onCheckedChange={(v) => {
            set('rememberMe', v);
          }}
        />
        {showCaptcha && (
          <Suspense fallback={null}>
            <CaptchaV2 label={t('form.captcha.label')} error={captchaError} />
          </Suspense>
        )}
        <SubmitButton busy={busy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
        <div className="links">
          <a href={recoveryHref}>{t('login.recovery')}</a>
        </div>
        <PasskeySignIn
          t={t}
          locale={locale}
          rememberMe={fields.rememberMe}
          busy={busy}
          onPicked={() => {
            setBusy(true);
            setFormCode(null);
            startFlow();
          }}
          onOutcome={(outcome) => {
            if (outcome.kind === 'signed-in' || outcome.kind === 'leaving') return;
            setBusy(false);
            if (outcome.kind === 'form-error') setFormCode(outcome.code);
          }}
        />
        {children}
        <p className="form-footer">
          {t('login.noAccount')}{' '}
          <a
            href={createHref}
            onClick={(e) => {
              if ($launcherSettings.get()?.connector === undefined) return;
              e.preventDefault();
              void import('../platform/ConnectorSignup').then((m) => setConnector(() => m.ConnectorSignup));
            }}
          >
            {t('login.create')}
          </a>
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
