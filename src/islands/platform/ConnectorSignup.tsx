/**
 * The store connector's email sign-up (docs/launcher.md "Store-connector sign-up"): opened from the login page's
 * "create" link when the host is the store connector (settings `connector: "steam"`), never with a page.
 *
 *   settings.steam_session_ticket ─► steam/tpa-session-cookie ─┬─ email (linked already) ─► sign in with it
 *                                                               │    (login/tpa/launcher on that session, then the
 *                                                               │    launcher's hand-off, as a provider sign-in)
 *                                                               └─ null ─► ./EmailSignup (connector) ─► signupCompleted
 *
 * The ticket is single-use: it is exchanged once per page, and going back and forth reuses the answer.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { settle, type ApiResult } from '../../client/http/settle';
import { $launcherSettings } from '../../client/stores/launcher';
import type { Strings, T } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { EmailSignup } from './EmailSignup';

export interface ConnectorSignupProps {
  t: T;
  strings: Strings;
  locale: Locale;
  /** Back to the sign-in form. */
  onCancel: () => void;
}

type Exchange = Promise<ApiResult<{ email: string | null }>>;
let exchanged: { ticket: string; answer: Exchange } | undefined;

/** The connector's ticket, exchanged once for the third-party session (the answer is kept for the page's life). */
function exchange(clientId: string, ticket: string): Exchange {
  if (exchanged?.ticket === ticket) return exchanged.answer;
  const answer = import('../../client/api/launcher-login').then((api) =>
    settle(api.steamTpaSessionCookie({ clientId, steamSessionTicket: ticket })),
  );
  exchanged = { ticket, answer };
  return answer;
}

/** Forgets the exchanged ticket (tests). */
export function resetConnectorExchange(): void {
  exchanged = undefined;
}

type View =
  | { kind: 'starting' }
  | { kind: 'failed'; code: string }
  | { kind: 'linked'; email: string; signingIn?: true; code?: string }
  | { kind: 'form' }
  | { kind: 'done'; email: string };

export function ConnectorSignup({ t, strings, locale, onCancel }: ConnectorSignupProps) {
  const settings = useStore($launcherSettings);
  const [view, setView] = useState<View>({ kind: 'starting' });
  const error = useErrorText(strings, view.kind === 'failed' || view.kind === 'linked' ? view.code : undefined);
  const clientId = settings?.client_id;
  const ticket = settings?.steam_session_ticket;

  useEffect(() => {
    if (clientId === undefined) return;
    if (ticket === undefined) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the launcher's settings arrive after mount; a missing ticket ends the screen at once
      setView({ kind: 'failed', code: 'INVALID_TICKET' });
      return;
    }
    let live = true;
    void exchange(clientId, ticket).then(([e, session]) => {
      if (!live) return;
      if (e) setView({ kind: 'failed', code: e.code });
      else if (session.email !== null) setView({ kind: 'linked', email: session.email });
      else setView({ kind: 'form' });
    });
    return () => {
      live = false;
    };
  }, [clientId, ticket]);

  /**
   * The store ID is an account's already: the session the ticket opened signs it in (login/tpa/launcher), and the
   * sign-in ends as every launcher sign-in does (finishLogin: login complete, the hand-off to the host). Loaded on
   * the click, so nothing of it weighs on the login page.
   */
  async function signIn(email: string) {
    setView({ kind: 'linked', email, signingIn: true });
    const { launcherTpaSignIn } = await import('../launcher/tpa-app-run');
    const outcome = await launcherTpaSignIn(locale);
    if (outcome.kind !== 'leaving') setView({ kind: 'linked', email, code: outcome.code });
  }

  async function created(email: string) {
    setView({ kind: 'done', email });
    // docs/launcher.md: the host hears of the new account as after the web sign-up (with product_id).
    const { hostSignupCompleted } = await import('../../client/host/launcher-bridge');
    hostSignupCompleted({ email });
  }

  if (view.kind === 'form' && clientId !== undefined)
    return (
      <EmailSignup
        t={t}
        strings={strings}
        locale={locale}
        target={{ mode: 'connector', platform: 'steam' }}
        clientId={clientId}
        onCancel={onCancel}
        onCreated={(email) => void created(email)}
      />
    );

  const back = (
    <div className="links">
      <button type="button" className="button link" onClick={onCancel}>
        {t('platformSignup.back')}
      </button>
    </div>
  );
  return (
    <section className="card" aria-labelledby="pfs-heading" aria-busy={view.kind === 'starting' || undefined}>
      <h1 id="pfs-heading">{view.kind === 'done' ? t('platformSignup.doneHeading') : t('platformSignup.heading')}</h1>
      {view.kind === 'starting' && <p role="status">{t('platformSignup.connectorStarting')}</p>}
      {view.kind === 'failed' && (
        <>
          <FormError message={error?.message} />
          {back}
        </>
      )}
      {view.kind === 'linked' && (
        <>
          <p role="status">{t('platformSignup.connectorLinked', { email: view.email })}</p>
          <FormError message={error?.message} />
          <button
            type="button"
            className="button primary block"
            disabled={view.signingIn}
            aria-busy={view.signingIn}
            onClick={() => void signIn(view.email)}
          >
            {view.signingIn ? t('platformSignup.connectorSigningIn') : t('platformSignup.connectorSignIn')}
          </button>
          {back}
        </>
      )}
      {view.kind === 'done' && <p role="status">{t('platformSignup.connectorDone', { email: view.email })}</p>}
    </section>
  );
}
