/**
 * authorize and global/authorize (spec §2, issue 17; docs/identity-provider.md): a relying party asks to sign
 * the player in. The screen reads the request (POST oidc/authorize/inspect) and shows who asks (the client's name
 * and site) and what it gets (the scopes in plain words), with Allow and Deny; a first-party client, or one the
 * player already allowed these scopes, continues without asking; a client that wants a fresh sign-in
 * (prompt=login, max_age) has the player sign in again first, and one that asks for the second factor
 * (acr_values) has the player verify it on the settings verification screen of their method, which comes back
 * here (return_url) once the session has it. The decision's redirect is followed only back to
 * the request's registered redirect URI (./redirect-check). A legacy OpenID 2.0 request is refused here.
 */
import { useEffect, useMemo, useState } from 'react';
import { decideAuthorize, inspectAuthorize } from '../../client/api/oidc';
import { REAUTH_PARAM } from '../../shared/contract/oidc-reauth';
import { settle } from '../../client/http/settle';
import { currentLocale, currentPath, currentQuery, goTo } from '../../client/navigation/page';
import { createT, type T } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { followsRequest, isOpenId2Request } from './redirect-check';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

type Scope = 'openid' | 'profile' | 'email';
interface Client {
  name: string;
  site: string;
}

type State =
  | { kind: 'checking' }
  | { kind: 'consent'; client: Client; scopes: Scope[] }
  | { kind: 'leaving'; client: Client | null }
  | { kind: 'invalid' }
  | { kind: 'legacy' }
  /** A failure with its code (shown through the §8 texts). */
  | { kind: 'failed'; code: string };

const SCOPE_KEYS = {
  openid: 'authorize.scope.openid',
  profile: 'authorize.scope.profile',
  email: 'authorize.scope.email',
} as const;

export function AuthorizeIsland({ strings }: IslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  const [state, setState] = useState<State>({ kind: 'checking' });
  const { busy, run } = useSubmit();
  const errorText = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);
  function leave(query: URLSearchParams, redirectTo: string, client: Client | null) {
    if (!followsRequest(redirectTo, query)) {
      setState({ kind: 'invalid' });
      return;
    }
    setState({ kind: 'leaving', client });
    goTo(redirectTo, true);
  }

  async function decide(approve: boolean, client: Client) {
    // The page's query is the request (read here, in the browser: the page is prerendered without one).
    const query = currentQuery();
    const request = query.toString();
    const settled = await run(() => settle(decideAuthorize({ request, approve })));
    if (settled === undefined) return;
    const [error, result] = settled;
    if (error) setState(error.code === '20022' ? { kind: 'invalid' } : { kind: 'failed', code: error.code });
    else leave(query, result.redirectTo, client);
  }

  /**
   * prompt=login, select_account or max_age: the player signs in again. Signed out, the same screen (its query
   * now carrying the provider's mark) sends them through login and back here, where the new sign-in answers.
   */
  async function signInAgain(query: URLSearchParams, reauth: string) {
    // Loaded on this rare path only: the session module would put the page over its budget before interaction.
    const { logout } = await import('../../client/api/session');
    const [error] = await settle(logout());
    if (error) {
      setState({ kind: 'failed', code: error.code });
      return;
    }
    const marked = new URLSearchParams(query);
    marked.set(REAUTH_PARAM, reauth);
    goTo(`${location.pathname}?${marked.toString()}`, true);
  }

  /**
   * acr_values asked for the second factor: the portal's own in-session verification screen takes it (a texted
   * code is sent first, as settings verification does) and its default redirect brings the player back to this
   * very request, now answered.
   */
  async function stepUp(method: 'TOTP' | 'SMS') {
    // Loaded on this rare path only (page budget): the route table and the SMS call.
    const { routeHref } = await import('../../client/navigation/href');
    if (method === 'SMS') {
      const { sendSettingsSms } = await import('../mfa/verification/start');
      const [error] = await sendSettingsSms({ email: undefined });
      if (error) {
        if (!error.navigating) setState({ kind: 'failed', code: error.code });
        return;
      }
    }
    const route = method === 'TOTP' ? routes.verifyCode2faSettings : routes.verifyCodeSmsSettings;
    goTo(routeHref(currentLocale(), { route, query: { return_url: currentPath() } }));
  }

  useEffect(() => {
    const query = currentQuery();
    const request = query.toString();
    if (isOpenId2Request(query)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the page's query is read once mounted (the built HTML has none), and the screen follows it
      setState({ kind: 'legacy' });
      return;
    }
    if (!query.has('client_id')) {
      setState({ kind: 'invalid' });
      return;
    }
    void settle(inspectAuthorize({ request })).then(async ([error, answer]) => {
      if (error) {
        setState(error.code === '20022' ? { kind: 'invalid' } : { kind: 'failed', code: error.code });
        return;
      }
      if (answer.kind === 'error') leave(query, answer.redirectTo, null);
      else if (answer.kind === 'login') await signInAgain(query, answer.reauth);
      else if (answer.kind === 'step-up') await stepUp(answer.method);
      else if (answer.kind === 'consent') setState({ kind: 'consent', client: answer.client, scopes: answer.scopes });
      else await decide(true, answer.client);
    });
    // Runs once: the request is the page's query, which does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's query is fixed for the page's life
  }, []);

  return (
    <section className="card" aria-labelledby="authorize-heading" aria-busy={state.kind === 'checking' || busy}>
      <Body t={t} state={state} busy={busy} onDecide={(approve, client) => void decide(approve, client)} />
      {/* Nothing while the page's error texts load (the first error of the page): the §8 text follows at once. */}
      {state.kind === 'failed' && errorText && <FormError message={errorText.message} />}
    </section>
  );
}

function Body({
  t,
  state,
  busy,
  onDecide,
}: {
  t: T;
  state: State;
  busy: boolean;
  onDecide: (approve: boolean, client: Client) => void;
}) {
  switch (state.kind) {
    case 'checking':
      return (
        <>
          <h1 id="authorize-heading">{t('authorize.heading')}</h1>
          <p role="status" className="muted">
            <span className="spinner small" aria-hidden="true" /> {t('authorize.checking')}
          </p>
        </>
      );
    case 'leaving':
      return (
        <>
          <h1 id="authorize-heading">{t('authorize.heading')}</h1>
          <p role="status">
            {state.client === null ? t('authorize.returning') : t('authorize.leaving', { client: state.client.name })}
          </p>
        </>
      );
    case 'invalid':
      return (
        <>
          <h1 id="authorize-heading">{t('authorize.invalid.heading')}</h1>
          <p role="alert">{t('authorize.invalid.body')}</p>
        </>
      );
    case 'legacy':
      return (
        <>
          <h1 id="authorize-heading">{t('authorize.legacy.heading')}</h1>
          <p role="alert">{t('authorize.legacy.body')}</p>
        </>
      );
    case 'failed':
      return <h1 id="authorize-heading">{t('authorize.heading')}</h1>;
    case 'consent': {
      const { client, scopes } = state;
      return (
        <>
          <h1 id="authorize-heading">{t('authorize.consent.heading', { client: client.name })}</h1>
          <p>{t('authorize.consent.intro', { client: client.name, site: client.site })}</p>
          <h2 id="authorize-scopes">{t('authorize.consent.scopes')}</h2>
          <ul aria-labelledby="authorize-scopes">
            {scopes.map((s) => (
              <li key={s}>{t(SCOPE_KEYS[s])}</li>
            ))}
          </ul>
          <p className="muted">{t('authorize.consent.once')}</p>
          <p>
            <button
              type="button"
              className="button primary block"
              aria-disabled={busy ? true : undefined}
              onClick={() => !busy && onDecide(true, client)}
            >
              {t('authorize.consent.approve')}
            </button>
          </p>
          <p>
            <button
              type="button"
              className="button block"
              aria-disabled={busy ? true : undefined}
              onClick={() => !busy && onDecide(false, client)}
            >
              {t('authorize.consent.deny')}
            </button>
          </p>
        </>
      );
    }
  }
}
