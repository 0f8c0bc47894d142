/**
 * login/migration-complete (spec §2): the account has moved off its legacy ID
 * (create-legacy). It names the new email ID (from this tab's session, never
 * the URL) and sends the player to sign in with it; the legacy ID no longer
 * signs in (docs/legacy.md).
 */
import { useEffect, useState } from 'react';
import { routeHref } from '../../client/navigation/href';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { usePageQuery } from '../shared/use-page-query';
import { migratedAccountEmail } from './migrated-account';

export function MigrationComplete({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [email, setEmail] = useState<string | null>(null);

  useEffect(() => {
    setEmail(migratedAccountEmail());
  }, []);

  return (
    <section className="card" aria-labelledby="migration-heading">
      <h1 id="migration-heading">{t('migration.complete.heading')}</h1>
      <p>{email === null ? t('migration.complete.bodyNoEmail') : t('migration.complete.body', { email })}</p>
      <p className="muted">{t('migration.complete.history')}</p>
      <p>
        <a className="button primary block" href={routeHref(locale, { name: 'login' }, query)}>
          {t('migration.complete.signIn')}
        </a>
      </p>
    </section>
  );
}
