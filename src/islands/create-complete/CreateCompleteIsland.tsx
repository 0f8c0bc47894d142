/**
 * create/complete (spec §2): the account exists; the verification link went
 * to the new address (valid 24 hours). Continue ends the flow the spec's way:
 * route_to, else an allowed return_url, else the account settings page.
 */
import { useEffect, useState } from 'react';
import { redirectHref } from '../../client/navigation/flow-end';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { defaultRedirect } from '../../shared/redirect';
import { createdAccountEmail } from '../shared/created-account';
import { usePageQuery } from '../shared/use-page-query';

export interface CreateCompleteIslandProps {
  strings: Strings;
  locale: Locale;
}

export function CreateCompleteIsland({ strings, locale }: CreateCompleteIslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [email, setEmail] = useState<string | null>(null);
  const [next, setNext] = useState(defaultRedirect(locale));

  useEffect(() => {
    setEmail(createdAccountEmail());
    // A parent who created an account to give consent continues to parental controls (spec §2 parent flow).
    setNext(
      query.get('parental_flow_mode') === 'parent'
        ? routeHref(locale, { name: 'parental-start' }, query)
        : redirectHref(),
    );
  }, [locale, query]);

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
        <a href={routeHref(locale, { name: 'login-verify-account' }, query)}>{t('createComplete.resend')}</a>
      </p>
    </section>
  );
}
