/**
 * login/migration-complete (spec §2): the account has moved off its legacy ID (create-legacy, or
 * login/migration-tpa). It names the new email ID (from this tab's session, never the URL). After create-legacy
 * it sends the player to sign in with it; after login/migration-tpa, whose migration started the sign-in,
 * "Continue" finishes that sign-in (./continue-sign-in.ts). The legacy ID no longer signs in (docs/legacy.md).
 */
import { useMemo, useState } from 'react';
import { routeHref } from '../../client/navigation/href';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { useHydrated, usePageQuery } from '../shared/use-page-query';
import { migratedAccountEmail, migratedAccountSigningIn } from './migrated-account';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

export function MigrationComplete({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  // The new ID is in the tab's session, which the built HTML cannot know: read once hydrated.
  const hydrated = useHydrated();
  const { email, signingIn } = useMemo(
    () =>
      hydrated
        ? { email: migratedAccountEmail(), signingIn: migratedAccountSigningIn() }
        : { email: null, signingIn: false },
    [hydrated],
  );
  const { busy, run, stayBusy } = useSubmit();
  /** The refusal of the last Continue: its code, and whether its text belongs here (else a dialog said it). */
  const [failed, setFailed] = useState<{ code: string; inForm: boolean } | undefined>(undefined);
  const error = useErrorText(strings, failed?.inForm === true ? failed.code : undefined);

  async function onContinue() {
    if (busy) return;
    setFailed(undefined);
    const outcome = await run(async () => {
      const o = await import('./continue-sign-in')
        .then((m) => m.continueSignIn(locale))
        .catch(() => ({ kind: 'form-error', code: 'NETWORK_ERROR' }) as const);
      // The page is leaving: the button stays busy.
      if (o.kind === 'leaving') stayBusy();
      return o;
    });
    if (outcome === undefined || outcome.kind === 'leaving') return;
    setFailed({ code: outcome.code, inForm: outcome.kind === 'form-error' });
  }

  const signIn = (
    <a
      className={signingIn ? 'button block' : 'button primary block'}
      href={routeHref(locale, { route: routes.login }, query)}
    >
      {t('migration.complete.signIn')}
    </a>
  );

  return (
    <section className="card" aria-labelledby="migration-heading">
      <h1 id="migration-heading">{t('migration.complete.heading')}</h1>
      <p>
        {email === null
          ? t('migration.complete.bodyNoEmail')
          : t(signingIn ? 'migration.complete.bodySignedIn' : 'migration.complete.body', { email })}
      </p>
      <p className="muted">{t('migration.complete.history')}</p>
      {signingIn ? (
        <>
          <FormError message={error?.message} />
          <p>
            <button
              type="button"
              className="button primary block"
              aria-disabled={busy ? true : undefined}
              onClick={() => void onContinue()}
            >
              {busy && <span className="spinner small" aria-hidden="true" />}
              <span>{t('migration.complete.continue')}</span>
            </button>
          </p>
          {failed !== undefined && <p>{signIn}</p>}
        </>
      ) : (
        <p>{signIn}</p>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
