/**
 * self-find-email-completed (spec §2 params foundAccount, anotherRegion,
 * isLegacy): the masked email (or the legacy account's email or ID) of the
 * account the verified number belongs to, in this region or another, or that
 * no account uses it.
 */
import { hrefTo } from '../../client/navigation/browser';
import { createT, type Strings } from '../../client/t';
import { useMountedQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

export interface FindEmailCompletedProps {
  strings: Strings;
}

interface Found {
  account: string | null;
  region: string | null;
  legacy: boolean;
}

export function FindEmailCompleted({ strings }: FindEmailCompletedProps) {
  const t = createT(strings);
  // Read after hydration: the built HTML has no query.
  const q = useMountedQuery();
  const found: Found | undefined =
    q === null
      ? undefined
      : {
          account: q.get('foundAccount') || null,
          region: q.get('anotherRegion') || null,
          legacy: q.get('isLegacy') === 'true',
        };
  if (found === undefined) return <section className="card" aria-busy="true" />;
  const clean = { query: { foundAccount: undefined, anotherRegion: undefined, isLegacy: undefined } };
  return (
    <section className="card" aria-labelledby="ss-found-heading">
      <h1 id="ss-found-heading">
        {t(found.account === null ? 'selfService.found.notFoundHeading' : 'selfService.found.heading')}
      </h1>
      {found.account === null ? (
        <p>{t('selfService.found.notFound')}</p>
      ) : (
        <>
          <p>{t(found.legacy ? 'selfService.found.legacy' : 'selfService.found.body')}</p>
          <p className="found-account">
            <strong>{found.account}</strong>
          </p>
          {found.region !== null && <p role="note">{t('selfService.found.otherRegion', { region: found.region })}</p>}
        </>
      )}
      <div className="actions stacked">
        <a className="button primary block" href={hrefTo(routes.login, clean)}>
          {t('selfService.found.login')}
        </a>
        <a href={hrefTo(routes.selfService, clean)}>{t('selfService.found.back')}</a>
      </div>
    </section>
  );
}
