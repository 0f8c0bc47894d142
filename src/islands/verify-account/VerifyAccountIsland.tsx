/**
 * login/verify-account (spec §2, §4 "Account verification"): the signed-in
 * player's email is not verified yet. Shows where the link went (valid 24
 * hours) and sends a fresh one on request; once verified, says so and
 * continues. Not signed in (20001): the main handler sends the player to
 * login with return_url back here.
 */
import { useEffect, useState } from 'react';
import { getAccount, requestVerifyEmail } from '../../client/api/settings';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { redirectPolicy } from '../../client/navigation/browser';
import { redirectHref } from '../../client/navigation/flow-end';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { defaultRedirect } from '../../shared/redirect';
import { useErrorText } from '../shared/error-message';
import { SubmitButton } from '../shared/SubmitButton';
import { LINK_VALIDITY_HOURS } from '../verify-email/verify-email-state';

export interface VerifyAccountIslandProps {
  strings: Strings;
  locale: Locale;
}

type Account =
  { kind: 'loading' } | { kind: 'ready'; email: string; verified: boolean } | { kind: 'failed'; code: string };
type Resend = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; code: string };

/**
 * Main-handler actions (20001 → login with return_url…) leave the page; anything else is shown here. The handler
 * and the dialogs load with the first failure, not with the page (docs/performance.md).
 */
async function leavesPage(error: ApiError): Promise<boolean> {
  if (error.navigating) return true;
  const [{ mainErrorAction }, { performErrorAction }] = await Promise.all([
    import('../../client/errors/main-handler'),
    import('../../client/dialogs/perform'),
  ]);
  const action = mainErrorAction(error, { currentUrl: location.href, redirectPolicy: redirectPolicy() });
  if (action.kind !== 'navigate' && action.kind !== 'external') return false;
  await performErrorAction(action);
  return true;
}

export function VerifyAccountIsland({ strings, locale }: VerifyAccountIslandProps) {
  const t = createT(strings);
  const [account, setAccount] = useState<Account>({ kind: 'loading' });
  const [resend, setResend] = useState<Resend>({ kind: 'idle' });
  const [next, setNext] = useState(defaultRedirect(locale));
  const [attempt, setAttempt] = useState(0);
  const accountText = useErrorText(strings, account.kind === 'failed' ? account.code : undefined);
  const resendText = useErrorText(strings, resend.kind === 'failed' ? resend.code : undefined);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the flow's end reads the page's query, known once mounted (the built HTML has none)
    setNext(redirectHref());
    let live = true;
    void settle(getAccount()).then(async ([error, raw]) => {
      if (!live) return;
      if (error) {
        if (!(await leavesPage(error))) setAccount({ kind: 'failed', code: error.code });
        return;
      }
      const { setAccountFromServer } = await import('../../client/stores/account-parse');
      const state = setAccountFromServer(raw);
      setAccount({ kind: 'ready', email: state.email ?? '', verified: state.emailVerified === true });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  async function send() {
    if (resend.kind === 'sending') return;
    setResend({ kind: 'sending' });
    const [error] = await settle(requestVerifyEmail({ language: serverLocaleCode(locale) }));
    if (!error) setResend({ kind: 'sent' });
    else if (!(await leavesPage(error))) setResend({ kind: 'failed', code: error.code });
  }

  const continueLink = (
    <a className="button block" href={next}>
      {t('verifyAccount.continue')}
    </a>
  );

  return (
    <section className="card" aria-labelledby="verify-account-heading" aria-busy={account.kind === 'loading'}>
      <h1 id="verify-account-heading">
        {account.kind === 'ready' && account.verified ? t('verifyAccount.verified') : t('verifyAccount.heading')}
      </h1>
      {account.kind === 'loading' && (
        <p role="status" className="muted">
          {t('verifyAccount.loading')}
        </p>
      )}
      {account.kind === 'failed' && (
        <>
          <div className="alert error" role="alert">
            <p>{accountText?.message}</p>
          </div>
          <button
            type="button"
            className="button primary block"
            onClick={() => {
              setAccount({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('verifyAccount.retry')}
          </button>
        </>
      )}
      {account.kind === 'ready' && account.verified && (
        <>
          <p>{t('verifyAccount.verifiedBody', { email: account.email })}</p>
          {continueLink}
        </>
      )}
      {account.kind === 'ready' && !account.verified && (
        <>
          <p>{t('verifyAccount.body', { email: account.email, hours: LINK_VALIDITY_HOURS })}</p>
          <p className={resend.kind === 'failed' ? 'alert error' : 'muted'} role="status">
            {resend.kind === 'sent' ? t('verifyAccount.resent') : resend.kind === 'failed' ? resendText?.message : ''}
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <SubmitButton busy={resend.kind === 'sending'} busyLabel={t('verifyAccount.sending')}>
              {t('verifyAccount.resend')}
            </SubmitButton>
          </form>
          <div className="actions stacked">{continueLink}</div>
        </>
      )}
    </section>
  );
}
