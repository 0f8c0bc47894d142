/**
 * frame (spec §2; docs/global-screens.md "frame"): the portal inside a partner's page. It shows one thing: the
 * visitor's account state, with the way on. Signed out: a sign-in button; signed in: links to the account
 * settings and to sign out. Every link opens the portal in a new tab: nobody types a password or changes an
 * account inside someone else's page (the frame can be overlaid; the new tab shows the portal's own address).
 * The state is the start-up's login-status call (the same module every page loads), never a new one.
 */
import { useEffect, useState } from 'react';
import { routeHref, type RoutePath } from '../../client/navigation/href';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { usePageQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

type State = 'checking' | 'signed-in' | 'signed-out' | 'failed';

export function Frame({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let live = true;
    void import('../../client/startup/guard-runner')
      .then(({ loginState }) => loginState(false))
      .then((loggedIn) => {
        if (live) setState(loggedIn === undefined ? 'failed' : loggedIn ? 'signed-in' : 'signed-out');
      });
    return () => {
      live = false;
    };
  }, []);

  const link = (route: RoutePath, label: string, primary: boolean) => (
    <a
      className={primary ? 'button primary block' : 'button block'}
      href={routeHref(locale, { route }, query)}
      target="_blank"
      rel="noopener"
    >
      {label}
    </a>
  );

  return (
    <section className="card" aria-labelledby="frame-heading" aria-busy={state === 'checking' || undefined}>
      <h1 id="frame-heading">{t('global.frame.heading')}</h1>
      {state === 'checking' && (
        <p className="loading-line" role="status">
          {t('global.frame.checking')}
        </p>
      )}
      {(state === 'signed-out' || state === 'failed') && (
        <>
          <p>{t(state === 'failed' ? 'global.frame.unknown' : 'global.frame.signedOut')}</p>
          <div className="actions stacked">{link(routes.login, t('global.frame.signIn'), true)}</div>
        </>
      )}
      {state === 'signed-in' && (
        <>
          <p>{t('global.frame.signedIn')}</p>
          <div className="actions stacked">
            {link(routes.accountOverview, t('global.frame.manage'), true)}
            {link(routes.logout, t('global.frame.signOut'), false)}
          </div>
        </>
      )}
      <p className="muted">{t('global.frame.newTab')}</p>
    </section>
  );
}
