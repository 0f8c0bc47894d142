/**
 * self-change-email-completed (spec §2 params accountId, isLegacy): the ID
 * the account signs in with now (the new email), or for a legacy account the
 * email it already uses.
 */
import { hrefTo } from '../../client/navigation/browser';
import { createT, type Strings } from '../../client/t';
import { useMountedQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

export interface ChangeEmailCompletedProps {
  strings: Strings;
}

export function ChangeEmailCompleted({ strings }: ChangeEmailCompletedProps) {
  const t = createT(strings);
  // Read after hydration: the built HTML has no query.
  const q = useMountedQuery();
  const done = q === null ? undefined : { id: q.get('accountId') ?? '', legacy: q.get('isLegacy') === 'true' };
  if (done === undefined) return <section className="card" aria-busy="true" />;
  const clean = { query: { accountId: undefined, isLegacy: undefined } };
  return (
    <section className="card" aria-labelledby="ss-changed-heading">
      <h1 id="ss-changed-heading">{t('selfService.changed.heading')}</h1>
      <p>{t(done.legacy ? 'selfService.changed.legacy' : 'selfService.changed.body')}</p>
      <p>
        <strong>{done.id}</strong>
      </p>
      <a className="button primary block" href={hrefTo(routes.login, clean)}>
        {t('selfService.changed.login')}
      </a>
    </section>
  );
}
