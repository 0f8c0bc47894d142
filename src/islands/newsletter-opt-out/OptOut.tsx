/**
 * newsletter/opt-out and pre-signup/newsletter/opt-out (spec §2; issue 12):
 * the page of the unsubscribe link in a newsletter email, without signing
 * in. The link's signed token says what to stop (one list, or every list of
 * the address for a pre-signup link); the page shows it and unsubscribes on
 * a click (a POST, so mail scanners that open links change nothing; mail
 * clients use the RFC 8058 one-click header instead).
 */
import { useState } from 'react';
import { getOptOut, optOut } from '../../client/api/communication';
import { settle } from '../../client/http/settle';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { FormError } from '../shared/FormError';
import { useErrorText } from '../shared/error-message';
import { SubmitButton } from '../shared/SubmitButton';
import { useLoaded } from '../shared/use-loaded';
import { useMountedQuery } from '../shared/use-page-query';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

export interface OptOutProps {
  strings: Strings;
  locale: Locale;
  /** The route: a newsletter email's link, or a pre-signup one (every list of the address). */
  variant: 'newsletter' | 'pre-signup';
}

type View =
  | { readonly kind: 'loading' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'ready'; readonly email: string; readonly name: string | null }
  | { readonly kind: 'done' };

export function OptOut({ strings, locale, variant }: OptOutProps) {
  const t = createT(strings);
  const query = useMountedQuery();
  const token = query?.get('token') ?? '';
  // What the token names, loaded again once the query is read (mounted: the built HTML has none; null before);
  // a refused or missing token is invalid.
  const loaded = useLoaded(
    async (): Promise<View | null> => {
      if (query === null) return null;
      if (token === '') return { kind: 'invalid' };
      const [failure, data] = await settle(getOptOut(token, serverLocaleCode(locale)));
      return failure ? { kind: 'invalid' } : { kind: 'ready', email: data.email, name: data.name };
    },
    query === null ? null : token,
  );
  const [done, setDone] = useState(false);
  const view: View = done
    ? { kind: 'done' }
    : loaded.status === 'ready' && loaded.data !== null
      ? loaded.data
      : { kind: 'loading' };
  const submit = useSubmit();
  const { busy, code } = submit;
  const error = useErrorText(strings, code);

  async function confirm() {
    if (busy) return;
    // A refusal's code is shown as it comes (the hook's default).
    const done = await submit.run(async () => {
      await optOut(token);
      return true;
    });
    if (done === true) setDone(true);
  }

  const heading = variant === 'pre-signup' ? 'newsletter.optOut.preSignupHeading' : 'newsletter.optOut.heading';
  const manageHref = routeHref(locale, { route: routes.communicationPreference });
  return (
    <section className="card" aria-labelledby="opt-out-heading">
      <h1 id="opt-out-heading">{t(heading)}</h1>
      {view.kind === 'loading' && <p className="loading-line">{t('newsletter.optOut.loading')}</p>}
      {view.kind === 'invalid' && <p role="alert">{t('newsletter.optOut.invalid')}</p>}
      {view.kind === 'ready' && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <FormError message={error?.message} />
          <p>
            {view.name === null
              ? t('newsletter.optOut.all', { email: view.email })
              : t('newsletter.optOut.list', { list: view.name, email: view.email })}
          </p>
          <SubmitButton busy={busy} busyLabel={t('newsletter.optOut.working')}>
            {t('newsletter.optOut.confirm')}
          </SubmitButton>
        </form>
      )}
      {view.kind === 'done' && (
        <p role="status" className="alert notice">
          {t('newsletter.optOut.done')}
        </p>
      )}
      <p>
        <a href={manageHref}>{t('newsletter.optOut.manage')}</a>
      </p>
    </section>
  );
}
