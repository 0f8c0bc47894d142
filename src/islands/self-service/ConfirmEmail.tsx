/**
 * self-confirm-email (spec §4: a legacy account's password reset): the
 * account signs in with an old ID; the player sees the email the account now
 * uses before choosing the new password.
 */
import { hrefTo } from '../../client/navigation/browser';
import { createT, type Strings } from '../../client/t';
import { useMountedQuery } from '../shared/use-page-query';
import * as routes from '../../routes/refs';

export interface ConfirmEmailProps {
  strings: Strings;
}

export function ConfirmEmail({ strings }: ConfirmEmailProps) {
  const t = createT(strings);
  // Read after hydration: the built HTML has no query.
  const query = useMountedQuery();
  const email = query === null ? undefined : (query.get('currentEmail') ?? '');
  if (email === undefined) return <section className="card" aria-busy="true" />;
  return (
    <section className="card" aria-labelledby="ss-confirm-heading">
      <h1 id="ss-confirm-heading">{t('selfService.confirm.heading')}</h1>
      <p>{t('selfService.confirm.body')}</p>
      <p>
        <strong>{email}</strong>
      </p>
      <a
        className="button primary block"
        href={hrefTo(routes.selfResetPassword, { query: { showPasswordFields: 'true', currentEmail: undefined } })}
      >
        {t('selfService.confirm.continue')}
      </a>
    </section>
  );
}
