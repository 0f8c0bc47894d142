/**
 * revert-id (spec §2): the link in the notice an old address gets after an
 * email change. Signed out or in, it shows the address it restores and waits
 * for a click (mail scanners that open links change nothing), then restores
 * it: every session ends, trusted devices are removed (docs/settings.md). The
 * link works once, for 7 days.
 */
import { useEffect, useState } from 'react';
import { getEmailRevert, revertEmailChange } from '../../client/api/profile';
import { settle } from '../../client/http/settle';
import { navigate } from '../../client/navigation/browser';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { useMountedQuery } from '../shared/use-page-query';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

export interface RevertIdProps {
  strings: Strings;
  locale: Locale;
}

type State =
  | { readonly kind: 'checking' }
  | { readonly kind: 'ready'; readonly email: string }
  | { readonly kind: 'dead'; readonly reason: 'invalid' | 'expired' }
  | { readonly kind: 'failed'; readonly code: string };

/** Opaque tokens are printable ASCII (the contract's `token` kind); anything else is no link of ours. */
function readToken(query: URLSearchParams): string | undefined {
  const token = query.get('token');
  return token !== null && /^[!-~]{1,4096}$/.test(token) ? token : undefined;
}

function deadOrFailed(code: string): State {
  if (code === '20068') return { kind: 'dead', reason: 'invalid' };
  if (code === '20018') return { kind: 'dead', reason: 'expired' };
  return { kind: 'failed', code };
}

export function RevertId({ strings, locale }: RevertIdProps) {
  const t = createT(strings);
  const query = useMountedQuery();
  const token = query === null ? undefined : readToken(query);
  const [state, setState] = useState<State>({ kind: 'checking' });
  const submit = useSubmit();
  const { busy } = submit;
  const failed = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);

  useEffect(() => {
    // The first render has no query (it matches the built HTML); check once the real one is known.
    if (query === null) return undefined;
    if (token === undefined) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the page's query is read once mounted (the built HTML has none), and the screen follows it
      setState({ kind: 'dead', reason: 'invalid' });
      return undefined;
    }
    let live = true;
    void settle(getEmailRevert({ token })).then(([error, data]) => {
      if (!live) return;
      if (error) {
        if (!error.navigating) setState(deadOrFailed(error.code));
      } else setState({ kind: 'ready', email: data.email });
    });
    return () => {
      live = false;
    };
  }, [query, token]);

  async function restore() {
    if (busy || token === undefined) return;
    // Busy until the page leaves after success; a failure is shown once the button is free again.
    const error = await submit.run(async () => {
      const [failure] = await settle(revertEmailChange({ token, language: serverLocaleCode(locale) }));
      if (failure) return failure;
      submit.stayBusy();
      navigate(routes.revertIdSuccess, { replace: true });
      return undefined;
    });
    if (error !== undefined && !error.navigating) setState(deadOrFailed(error.code));
  }

  return (
    <section className="card" aria-labelledby="revert-heading" aria-busy={state.kind === 'checking' || undefined}>
      <h1 id="revert-heading">{t('revertId.heading')}</h1>
      {state.kind === 'checking' && (
        <p className="loading-line" role="status">
          {t('revertId.checking')}
        </p>
      )}
      {state.kind === 'ready' && (
        <form
          method="post"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void restore();
          }}
        >
          <p>{t('revertId.body', { email: state.email })}</p>
          <p className="muted">{t('revertId.consequences')}</p>
          <SubmitButton busy={busy} busyLabel={t('revertId.restoring')}>
            {t('revertId.submit')}
          </SubmitButton>
        </form>
      )}
      {state.kind === 'dead' && (
        <div className="alert error" role="alert">
          <p className="alert-text">{t(state.reason === 'expired' ? 'revertId.expired' : 'revertId.invalid')}</p>
        </div>
      )}
      {state.kind === 'failed' && <FormError message={failed?.message} />}
    </section>
  );
}

export default RevertId;
