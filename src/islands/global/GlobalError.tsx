/**
 * global/error (spec §2, §8): the error screen of the global and platform pages. The main handler sends a
 * player here (with the code as its `notice`) when a link failed outside a platform route (20159, 20138,
 * INVALID_TICKET); the §8 text of that code is shown, resolved from the page's error texts like every other
 * error (never server text). Without a code, or with one that is not a code, a general text.
 */
import region from '@region';
import { routeHref } from '../../client/navigation/href';
import { NOTICE_QUERY_KEY } from '../../client/navigation/query';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { useErrorText } from '../shared/error-message';
import { useMountedQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

/** The shape of §8 codes (five digits or a named error): anything else in the URL is ignored. */
const CODE_SHAPE = /^(?:\d{5}|[A-Z][A-Z_]{2,39})$/;

export function GlobalError({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const query = useMountedQuery();
  const raw = query?.get(NOTICE_QUERY_KEY) ?? query?.get('errorCode') ?? null;
  const code = raw !== null && CODE_SHAPE.test(raw) ? raw : undefined;
  const text = useErrorText(strings, code);

  return (
    <section className="card message-page" aria-labelledby="global-error-heading">
      <h1 id="global-error-heading">{text?.title ?? t('global.error.heading')}</h1>
      {code === undefined && <p>{t('global.error.body')}</p>}
      {/* Nothing for the moment the page's error texts load (useErrorText), then the code's text. */}
      {text !== undefined && (
        <div className="alert error" role="alert">
          <p className="alert-text">{text.message}</p>
          {text.showSupport && (
            <p>
              <a href={region.supportUrl} target="_blank" rel="noopener">
                {text.supportLabel}
              </a>
            </p>
          )}
        </div>
      )}
      <p>
        <a className="button primary" href={routeHref(locale, { route: routes.globalLogin }, query ?? undefined)}>
          {t('global.error.action')}
        </a>
      </p>
    </section>
  );
}
