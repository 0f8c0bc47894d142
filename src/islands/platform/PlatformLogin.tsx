/**
 * global/{platform}/login (spec §2, §7; docs/platforms.md): the page a console
 * or game opens with its platform ticket (query `ticket`). The ticket is
 * exchanged for a platform session (login/pf-session-cookie) and dropped from
 * the address bar; then the console-linking state decides:
 *   linked       → login/in-game signs the player in (a minor's account without
 *                  consent opens the minor-linking dialog instead);
 *   not linked   → link an existing account: its email and password here, its
 *                  second factor on the verify-linking screens; or a social
 *                  sign-in (global/{platform}/login/callback/social/{provider});
 *                  or create an account linked to the console (./EmailSignup,
 *                  loaded then), which ends on link-success like a link.
 * Without a ticket or a live platform session the page says to start from the console.
 */
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { isTrackedClientId, track } from '../../client/host/analytics';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { routeHref } from '../../client/navigation/href';
import { getDeviceId } from '../../client/stores/device';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import type { ConsolePlatform } from '../../shared/contract/platform';
import { EMAIL_MAX, isEmailAddress } from '../../shared/validation/email-format';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { PasswordField } from '../shared/PasswordField';
import { SubmitButton } from '../shared/SubmitButton';
import { TextField } from '../shared/TextField';
import { useSubmit } from '../shared/use-submit';
import type { SocialProvider } from '../social/providers';
import { consoleClientId, platformCalls } from './calls';
import { platformFailure } from './failure';
import { platformNameKey } from './platform-name';
import { verifyRouteOf } from './verify-routes';
import { useWarmPath } from '../shared/warm-path';
import * as routes from '../../routes/refs';

export interface PlatformLoginProps {
  strings: Strings;
  locale: Locale;
  platform: ConsolePlatform;
  /** The account's home (the default redirect), for the signed-in view. */
  accountHref: string;
  /** The region's providers: the link form offers a social sign-in (docs/platforms.md "Social sign-in on a platform"). */
  socialProviders?: readonly SocialProvider[] | undefined;
}

/** The social sign-in's buttons load with the link form, not with the page (docs/performance.md: 12 files). */
const ProviderButtons = lazy(() => import('../social/ProviderButtons').then((m) => ({ default: m.ProviderButtons })));

/** Spec §5 email rule without zod (the page's first script must not load it). */
function validEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && isEmailAddress(value);
}

type View =
  | { kind: 'starting' }
  | { kind: 'no-session' }
  | { kind: 'signed-in'; email: string }
  | { kind: 'minor' }
  | { kind: 'link-form'; notice?: 'delinked' }
  | { kind: 'signup'; Form: typeof import('./EmailSignup').EmailSignup };

export function PlatformLogin({ strings, locale, platform, accountHref, socialProviders = [] }: PlatformLoginProps) {
  useWarmPath(platformCalls);
  const t = createT(strings);
  const name = t(platformNameKey(platform));
  const [view, setView] = useState<View>({ kind: 'starting' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  // The link form's submit; the start's failures show through the same code (setCode).
  const { busy, code, setCode, run, stayBusy } = useSubmit({ onError: (e) => platformFailure(e, platform) });
  const error = useErrorText(strings, code);
  const started = useRef(false);

  async function fail(e: ApiError) {
    setCode(await platformFailure(e, platform));
  }

  async function signIn() {
    const api = await platformCalls();
    const query = new URLSearchParams(location.search);
    const [e, result] = await settle(
      api.inGameLogin(platform, { clientId: consoleClientId(query), deviceId: getDeviceId() }),
    );
    if (e) return fail(e);
    // Spec §7: the in-game login pushes a tracking event for the tracked client ids (§9: 1888–1890).
    const clientId = consoleClientId(query);
    if (isTrackedClientId(clientId)) track({ event: 'in_game_login', clientId, platform });
    setView({ kind: 'signed-in', email: result.email ?? '' });
  }

  async function minorNotice() {
    setView({ kind: 'minor' });
    const { showMinorLinking } = await import('./open-minor-linking');
    const result = await showMinorLinking(t, name);
    if (result.kind === 'delinked') setView({ kind: 'link-form', notice: 'delinked' });
    else if (result.kind === 'failed') await fail(result.error);
  }

  async function start() {
    const api = await platformCalls();
    const query = new URLSearchParams(location.search);
    const ticket = query.get('ticket');
    if (ticket !== null) {
      // The ticket is single-use: it leaves the address bar (and the carried query) once exchanged.
      query.delete('ticket');
      const rest = query.toString();
      history.replaceState(history.state, '', `${location.pathname}${rest === '' ? '' : `?${rest}`}`);
      const [e] = await settle(
        api.pfSessionCookie(platform, { clientId: consoleClientId(query), sessionTicket: ticket }),
      );
      if (e) return fail(e);
    }
    const [e, state] = await settle(api.getLinkingState(platform));
    if (e) {
      // No ticket and no platform session: this page was not opened from a console.
      if (ticket === null && e.code === '20159') setView({ kind: 'no-session' });
      else await fail(e);
      return;
    }
    if (!state.linked) {
      // A password step still open on this platform session continues where it stopped.
      if (state.pending !== null) navigate(verifyRouteOf(state.pending), { params: { platform } });
      else setView({ kind: 'link-form' });
      return;
    }
    if (state.minor) return minorNotice();
    return signIn();
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
    // Runs once per page: the ticket is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start reads the page's URL once, on mount
  }, []);

  const emailError = !showErrors
    ? undefined
    : email.trim() === ''
      ? t('error.input.email-required')
      : validEmail(email.trim())
        ? undefined
        : t('error.input.email-invalid');
  const passwordError = showErrors && password === '' ? t('platform.login.passwordRequired') : undefined;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    const trimmed = email.trim();
    if (!validEmail(trimmed) || password === '') return;
    await run(async () => {
      const factors = await (await platformCalls()).linkWithPassword(platform, { email: trimmed, password });
      setPassword('');
      // The page leaves for the second step: the form stays busy meanwhile.
      stayBusy();
      navigate(verifyRouteOf(factors), { params: { platform } });
    });
  }

  async function openSignup() {
    setCode(undefined);
    const { EmailSignup } = await import('./EmailSignup');
    setView({ kind: 'signup', Form: EmailSignup });
  }

  const instructionHref = routeHref(locale, { route: routes.platformInstruction, params: { platform } });
  return (
    <>
      {view.kind === 'starting' && (
        <section className="card" aria-labelledby="pf-heading" aria-busy="true">
          <h1 id="pf-heading">{t('platform.login.heading', { platform: name })}</h1>
          <p role="status">{t('platform.login.starting', { platform: name })}</p>
          <FormError message={error?.message} />
        </section>
      )}
      {view.kind === 'no-session' && (
        <section className="card" aria-labelledby="pf-heading">
          <h1 id="pf-heading">{t('platform.login.heading', { platform: name })}</h1>
          <p>{t('platform.login.noSession', { platform: name })}</p>
          <p>
            <a href={instructionHref}>{t('platform.login.help')}</a>
          </p>
        </section>
      )}
      {view.kind === 'signed-in' && (
        <section className="card" aria-labelledby="pf-heading">
          <h1 id="pf-heading">{t('platform.login.signedInHeading')}</h1>
          <p role="status">{t('platform.login.signedIn', { email: view.email, platform: name })}</p>
          <p>
            <a className="button primary block" href={accountHref}>
              {t('platform.login.continue')}
            </a>
          </p>
        </section>
      )}
      {view.kind === 'minor' && (
        <section className="card" aria-labelledby="pf-heading">
          <h1 id="pf-heading">{t('platform.login.heading', { platform: name })}</h1>
          <p>{t('minorLinking.notice.body', { platform: name })}</p>
          <FormError message={error?.message} />
          <p>
            <button type="button" className="button" onClick={() => void minorNotice()}>
              {t('platform.login.minorOptions')}
            </button>
          </p>
        </section>
      )}
      {view.kind === 'link-form' && (
        <form className="card" method="post" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="pf-heading">
          <h1 id="pf-heading">{t('platform.login.linkHeading', { platform: name })}</h1>
          {view.notice === 'delinked' && <p role="status">{t('minorLinking.delink.done')}</p>}
          <p className="muted">{t('platform.login.linkIntro', { platform: name })}</p>
          <FormError message={error?.message} />
          <TextField
            label={t('platform.login.email')}
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onValueChange={setEmail}
            error={emailError}
          />
          <PasswordField
            t={t}
            label={t('platform.login.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={passwordError}
          />
          <SubmitButton busy={busy} busyLabel={t('platform.login.linking')}>
            {t('platform.login.linkSubmit')}
          </SubmitButton>
          <p>
            {t('platformSignup.noAccount')}{' '}
            <button type="button" className="button link" onClick={() => void openSignup()}>
              {t('platformSignup.open')}
            </button>
          </p>
          <div className="links">
            <a href={instructionHref}>{t('platform.login.help')}</a>
          </div>
          <Suspense fallback={null}>
            <ProviderButtons
              providers={socialProviders}
              strings={strings}
              locale={locale}
              flow="global"
              platform={platform}
            />
          </Suspense>
        </form>
      )}
      {view.kind === 'signup' && (
        <view.Form
          t={t}
          strings={strings}
          locale={locale}
          target={{ mode: 'in-game', platform }}
          clientId={consoleClientId(new URLSearchParams(location.search))}
          onFailure={(e) => platformFailure(e, platform)}
          onCancel={() => setView({ kind: 'link-form' })}
          onCreated={(created) =>
            navigate(routes.platformLinkSuccess, { params: { platform }, query: { email: created } })
          }
        />
      )}
      <LazyDialogHost strings={strings} />
    </>
  );
}
