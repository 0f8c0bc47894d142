/**
 * global/{platform}/login/callback/social/{socialProvider?} (spec §2; docs/platforms.md "Social sign-in on a
 * platform"): the social callback forwards here when the sign-in was started for a console. The provider's code
 * and state leave the address bar (single use) and go to login/social-session-cookie; then
 *   signed in (console linked)     → the platform login's signed-in state
 *   `{email}` (second factor due)  → the verify-linking screens finish the link
 *   20128 (an account has the email) → global/{platform}/social-link/5 (§8 main handler)
 *   20138, 20159, INVALID_TICKET   → link-failed (§8 main handler, ./failure.ts)
 *   20215 (no account)             → sign-up on the console (./PlatformSocialSignup.tsx, loaded then)
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { settle } from '../../client/http/settle';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import type { ConsolePlatform } from '../../shared/contract/platform';
import type { DateFormatInfo } from '../shared/date-parts';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { readCallbackParams } from '../social/callback-params';
import { PROVIDER_NAMES, type SocialProvider } from '../social/providers';
import { platformCalls } from './calls';

const PlatformSocialSignup = lazy(() =>
  import('./PlatformSocialSignup').then((m) => ({ default: m.PlatformSocialSignup })),
);
/** The end of each answer and the refusals load with the answer (docs/performance.md). */
const finish = () => import('./social-finish');

export interface PlatformSocialCallbackProps {
  strings: Strings;
  locale: Locale;
  platform: ConsolePlatform;
  /** The path's provider; undefined on the bare route (nothing to finish then). */
  provider: SocialProvider | undefined;
  /** The console's login page (the way back). */
  loginPath: string;
  /** For the sign-up's date of birth (create-tpa's fields). */
  dateFormat: DateFormatInfo;
  maxYear: number;
}

type View =
  | { readonly kind: 'working' }
  | { readonly kind: 'failed'; readonly code: string | undefined }
  | { readonly kind: 'signup'; readonly providerEmail: string | null };

export function PlatformSocialCallback(props: PlatformSocialCallbackProps) {
  const { strings, platform, provider, loginPath } = props;
  const t = createT(strings);
  const [view, setView] = useState<View>({ kind: 'working' });
  const error = useErrorText(strings, view.kind === 'failed' ? view.code : undefined);
  const started = useRef(false);
  const name = provider === undefined ? '' : PROVIDER_NAMES[provider];

  async function run() {
    const { code, state } = readCallbackParams(location.search, location.hash);
    if (provider === undefined || code === undefined || state === undefined) {
      setView({ kind: 'failed', code: undefined });
      return;
    }
    // Single use: a reload must not spend the code again (the carried values, such as clientId, stay).
    const rest = new URLSearchParams(location.search);
    for (const key of ['code', 'state', 'error', 'id_token', 'access_token']) rest.delete(key);
    const kept = rest.toString();
    history.replaceState(history.state, '', `${location.pathname}${kept === '' ? '' : `?${kept}`}`);
    const [e, answer] = await settle(
      (await platformCalls()).socialSessionCookie(platform, { socialType: provider, code, state }),
    );
    if (e?.code === '20215') {
      const { getTpaSessionEmail } = await import('../../client/api/launcher-login');
      const [, session] = await settle(getTpaSessionEmail());
      setView({ kind: 'signup', providerEmail: session?.email ?? null });
      return;
    }
    const f = await finish();
    const outcome = e ? await f.platformOutcome(e, platform) : await f.platformSocialDone(platform, answer, 'login');
    if (outcome.kind !== 'leaving') setView({ kind: 'failed', code: outcome.code });
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
    // Runs once per page: the code is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run reads the page's URL once, on mount
  }, []);

  if (view.kind === 'signup' && provider !== undefined)
    return (
      <Suspense fallback={<p role="status">{t('social.callback.working', { provider: name })}</p>}>
        <PlatformSocialSignup
          strings={strings}
          locale={props.locale}
          platform={platform}
          provider={provider}
          providerEmail={view.providerEmail}
          dateFormat={props.dateFormat}
          maxYear={props.maxYear}
          loginPath={loginPath}
        />
      </Suspense>
    );
  return (
    <section className="card" aria-labelledby="pf-social-heading" aria-busy={view.kind === 'working'}>
      <h1 id="pf-social-heading">{t('social.callback.heading', { provider: name })}</h1>
      {view.kind === 'working' ? (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('social.callback.working', { provider: name })}
        </p>
      ) : (
        <>
          {error === undefined ? (
            <p role="alert">{t('social.callback.failed', { provider: name })}</p>
          ) : (
            <FormError message={error.message} />
          )}
          <p>
            <a className="button primary" href={loginPath}>
              {t('social.callback.back')}
            </a>
          </p>
        </>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
