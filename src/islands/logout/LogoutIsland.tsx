/**
 * logout (spec §2): signs out once mounted — the session is deleted on the
 * server and everything the portal kept about the player in this browser is
 * cleared (login state, account state, the hashed user-number cookies, a
 * paused sign-in). With a return_url or route_to the flow ends there (through
 * the allow-list); otherwise the page says the player is signed out.
 */
import { useEffect, useState } from 'react';
import { logout } from '../../client/api/session';
import { settle } from '../../client/http/settle';
import { goTo } from '../../client/navigation/browser';
import { redirectHref } from '../../client/navigation/flow-end';
import { routeHref } from '../../client/navigation/href';
import { $account } from '../../client/stores/account';
import { $login, initialLoginState } from '../../client/stores/login';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { defaultRedirect } from '../../shared/redirect';
import { useErrorText } from '../shared/error-message';
import { clearPendingLogin } from '../shared/pending-login';
import { useMountedQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

export interface LogoutIslandProps {
  strings: Strings;
  locale: Locale;
}

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; code: string };

export function LogoutIsland({ strings, locale }: LogoutIslandProps) {
  const t = createT(strings);
  const query = useMountedQuery();
  const [state, setState] = useState<State>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);
  const failedText = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);

  useEffect(() => {
    if (query === null) return undefined;
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the one action this screen exists for starts on mount; its working state shows before the call
    setState({ kind: 'working' });
    void settle(logout()).then(async ([error]) => {
      if (!live) return;
      if (error) {
        setState({ kind: 'failed', code: error.code });
        return;
      }
      $login.set({ ...initialLoginState });
      $account.set(null);
      // The cookie helpers (hono's cookie code) load once signed out, not with the page (docs/performance.md).
      const { clearUserCookies } = await import('../shared/user-cookies');
      clearUserCookies();
      clearPendingLogin();
      const target = redirectHref();
      if ((query.has('return_url') || query.has('route_to')) && target !== defaultRedirect(locale)) goTo(target, true);
      else setState({ kind: 'done' });
    });
    return () => {
      live = false;
    };
  }, [query, attempt, locale]);

  return (
    <section className="card" aria-labelledby="logout-heading" aria-busy={state.kind === 'working'}>
      <h1 id="logout-heading">{state.kind === 'done' ? t('logout.heading') : t('logout.working')}</h1>
      {state.kind === 'working' && (
        <p role="status" className="muted">
          <span className="spinner small" aria-hidden="true" /> {t('logout.wait')}
        </p>
      )}
      {state.kind === 'done' && (
        <>
          <p role="status">{t('logout.body')}</p>
          <p>
            <a className="button primary block" href={routeHref(locale, { route: routes.login }, query ?? undefined)}>
              {t('logout.signIn')}
            </a>
          </p>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <div className="alert error" role="alert">
            <p>{t('logout.failed')}</p>
            <p className="muted">{failedText?.message}</p>
          </div>
          <button
            type="button"
            className="button primary block"
            onClick={() => {
              setAttempt((n) => n + 1);
            }}
          >
            {t('logout.retry')}
          </button>
        </>
      )}
    </section>
  );
}
