/**
 * create/parent-consent-required (spec §2): a minor by the country's age rule,
 * or a child account suspended after failed sign-ins (20226, shown from the
 * notice the error handler adds), or one its parent paused (20226 with
 * child=paused), needs a parent or guardian. The parent creates a parent
 * account (parental_flow_mode=parent) or signs in to one.
 */
import { routeHref } from '../../client/navigation/href';
import { CHILD_PAUSED, CHILD_STATE_QUERY_KEY, NOTICE_QUERY_KEY } from '../../client/navigation/query';
import { createT, type MessageKey, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { usePageQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

export interface ParentConsentIslandProps {
  strings: Strings;
  locale: Locale;
}

/** The one notice this screen explains itself: a child suspended after failed sign-ins. */
const SUSPENDED = '20226';

export function ParentConsentIsland({ strings, locale }: ParentConsentIslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const suspended = query.get(NOTICE_QUERY_KEY) === SUSPENDED;
  const paused = suspended && query.get(CHILD_STATE_QUERY_KEY) === CHILD_PAUSED;
  const parent = { parental_flow_mode: 'parent', notice: undefined, [CHILD_STATE_QUERY_KEY]: undefined };
  // Typed as message keys so the screen's string check (tests/unit/screen-coverage.test.ts) sees each one.
  const heading: MessageKey = paused
    ? 'minor.paused.title'
    : suspended
      ? 'error.modal.20226.title'
      : 'parentConsent.heading';
  const body: MessageKey = paused ? 'minor.paused.body' : suspended ? 'error.modal.20226.desc' : 'parentConsent.body';
  return (
    <section className="card" aria-labelledby="consent-heading">
      <h1 id="consent-heading">{t(heading)}</h1>
      <p>{t(body)}</p>
      {/* A suspended child is in a family already: its parent signs in and reactivates it (the family list). */}
      <p className="muted">{suspended ? t('minor.suspended.parentHint') : t('parentConsent.parentHint')}</p>
      <div className="actions stacked">
        <a className="button primary block" href={routeHref(locale, { route: routes.create, query: parent }, query)}>
          {t('parentConsent.parentCreate')}
        </a>
        <a className="button block" href={routeHref(locale, { route: routes.login, query: parent }, query)}>
          {t('parentConsent.parentSignIn')}
        </a>
      </div>
      <p className="form-footer">
        <a
          href={routeHref(
            locale,
            { route: routes.login, query: { notice: undefined, [CHILD_STATE_QUERY_KEY]: undefined } },
            query,
          )}
        >
          {t('parentConsent.back')}
        </a>
      </p>
    </section>
  );
}
