/**
 * login/sso (spec §2; docs/launcher.md "Account pages in the browser: login/sso"): the launcher opened an account
 * page in the system browser with a one-time code; this page signs the browser in with it and goes on to the page.
 * An expired, reused or unknown code says so, with the normal sign-in (the query carried: route_to, return_url).
 */
import { useEffect, useRef, useState } from 'react';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { usePageQuery } from '../shared/use-page-query';
import type { SsoOutcome } from './sso-run';

export interface SsoIslandProps {
  strings: Strings;
  locale: Locale;
  /** The sign-in page, built at build time (the page ships no route table). */
  loginPath: string;
}

/** The sign-in link keeps where the player was going. */
function loginHref(loginPath: string, query: URLSearchParams): string {
  const carried = new URLSearchParams();
  for (const key of ['route_to', 'return_url']) {
    const value = query.get(key);
    if (value !== null) carried.set(key, value);
  }
  const rest = carried.toString();
  return rest ? `${loginPath}?${rest}` : loginPath;
}

export function SsoIsland({ strings, loginPath }: SsoIslandProps) {
  const t = createT(strings);
  const [outcome, setOutcome] = useState<SsoOutcome | undefined>(undefined);
  const query = usePageQuery();
  const heading = useRef<HTMLHeadingElement>(null);
  const failed = outcome?.kind === 'failed' ? outcome.code : undefined;
  const expired = failed === '20018';
  const errorText = useErrorText(strings, failed !== undefined && !expired ? failed : undefined);

  useEffect(() => {
    void import('./sso-run')
      .then((m) => m.runSso())
      .then(setOutcome, () => setOutcome({ kind: 'failed', code: 'NETWORK_ERROR' }));
  }, []);

  useEffect(() => {
    if (failed !== undefined) heading.current?.focus();
  }, [failed]);

  return (
    <section className="card" aria-labelledby="launcher-sso-heading" aria-busy={failed === undefined}>
      <h1 id="launcher-sso-heading" ref={heading} tabIndex={-1}>
        {expired ? t('launcher.sso.expiredHeading') : t('launcher.sso.heading')}
      </h1>
      {failed === undefined ? (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('launcher.sso.working')}
        </p>
      ) : (
        <>
          <p role="alert">{expired ? t('launcher.sso.expiredBody') : errorText?.message}</p>
          <p>
            <a className="button primary" href={loginHref(loginPath, query)}>
              {t('launcher.sso.login')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
