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
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { useLoaded } from '../shared/use-loaded';
import { useSubmit } from '../shared/use-submit';
import { LINK_VALIDITY_HOURS } from '../verify-email/verify-email-state';

export interface VerifyAccountIslandProps {
  strings: Strings;
  locale: Locale;
}

type Account =
  { kind: 'loading' } | { kind: 'ready'; email: string; verified: boolean } | { kind: 'failed'; code: string };

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
  const [next, setNext] = useState(defaultRedirect(locale));
  // A failure that leaves the page (sign-in expired) stays loading while the page goes.
  const loaded = useLoaded(async (): Promise<Account> => {
    const [error, raw] = await settle(getAccount());
    if (error) return (await leavesPage(error)) ? { kind: 'loading' } : { kind: 'failed', code: error.code };
    const { setAccountFromServer } = await import('../../client/stores/account-parse');
    const state = setAccountFromServer(raw);
    return { kind: 'ready', email: state.email ?? '', verified: state.emailVerified === true };
  });
  const account: Account = loaded.status === 'ready' ? loaded.data : { kind: 'loading' };
  const [sent, setSent] = useState(false);
  const resend = useSubmit({
    onError: async (error) => {
      if (!(await leavesPage(error))) return error.code;
      // The page is leaving: the button stays busy meanwhile.
      resend.stayBusy();
      return undefined;
    },
  });
  const accountText = useErrorText(strings, account.kind === 'failed' ? account.code : undefined);
  const resendText = useErrorText(strings, resend.code);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the flow's end reads the page's query, known once mounted (the built HTML has none)
    setNext(redirectHref());
  }, []);

  async function send() {
    await resend.run(async () => {
      setSent(false);
      await requestVerifyEmail({ language: serverLocaleCode(locale) });
      setSent(true);
    });
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
          {/* Shown once its text is in: an empty alert flashed, and was announced, while the texts loaded. */}
          <FormError message={accountText?.message} />
          <button type="button" className="button primary block" onClick={loaded.retry}>
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
          <p className={resend.code !== undefined ? 'alert error' : 'muted'} role="status">
            {sent ? t('verifyAccount.resent') : resend.code !== undefined ? resendText?.message : ''}
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <SubmitButton busy={resend.busy} busyLabel={t('verifyAccount.sending')}>
              {t('verifyAccount.resend')}
            </SubmitButton>
          </form>
          <div className="actions stacked">{continueLink}</div>
        </>
      )}
    </section>
  );
}
