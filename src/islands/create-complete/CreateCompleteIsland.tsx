/**
 * create/complete (spec §2): the account exists; the verification link went
 * to the new address (valid 24 hours). Continue ends the flow the spec's way:
 * route_to, else an allowed return_url, else the account settings page.
 */
import { useMemo } from 'react';
import { redirectHref } from '../../client/navigation/flow-end';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { defaultRedirect } from '../../shared/redirect';
import { createdAccountEmail } from '../shared/created-account';
import { useHydrated, usePageQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

export interface CreateCompleteIslandProps {
  strings: Strings;
  locale: Locale;
}

export function CreateCompleteIsland({ strings, locale }: CreateCompleteIslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  // The address and the flow's end come from the tab and the URL, which the built HTML cannot know.
  const hydrated = useHydrated();
  const email = useMemo(() => (hydrated ? createdAccountEmail() : null), [hydrated]);
  const next = useMemo(() => {
    if (!hydrated) return defaultRedirect(locale);
    // A parent who created an account to give consent continues to parental controls (spec §2 parent flow).
    return query.get('parental_flow_mode') === 'parent'
      ? routeHref(locale, { route: routes.parentalStart }, query)
      : redirectHref();
  }, [hydrated, locale, query]);

  return (
    <section className="card" aria-labelledby="complete-heading">
      <h1 id="complete-heading">{t('createComplete.heading')}</h1>
      <p>{email === null ? t('createComplete.bodyNoEmail') : t('createComplete.body', { email })}</p>
      <p className="muted">{t('createComplete.linkValidity')}</p>
      <p>
        <a className="button primary block" href={next}>
          {t('createComplete.continue')}
        </a>
      </p>
      <p className="form-footer">
        {t('createComplete.noEmail')}{' '}
        <a href={routeHref(locale, { route: routes.loginVerifyAccount }, query)}>{t('createComplete.resend')}</a>
      </p>
    </section>
  );
}
