/**
 * The landing page of the emailed verification link (spec §4 "Account
 * verification"): verifies the token once mounted; an expired or replaced
 * link says so and offers a fresh one (sent to the account the link belongs
 * to); a verified email is remembered as verifiedTokenEmail (spec §3).
 */
import { useEffect, useRef, useState } from 'react';
import { settle } from '../../client/http/settle';
import { redirectHref } from '../../client/navigation/flow-end';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import { serverLocaleCode, type Locale } from '../../i18n/locales';
import { resendVerifyEmailLink, verifyEmailLink } from '../../client/api/signup-email';
import { defaultRedirect } from '../../shared/redirect';
import { useErrorText } from '../shared/error-message';
import { SubmitButton } from '../shared/SubmitButton';
import { useMountedQuery } from '../shared/use-page-query';
import {
  LINK_VALIDITY_HOURS,
  offersFreshLink,
  readToken,
  stateFromOutcome,
  type VerifyEmailState,
} from './verify-email-state';
import * as routes from '../../routes/refs';

export interface VerifyEmailIslandProps {
  strings: Strings;
  locale: Locale;
}

type Resend = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; code: string };

export function VerifyEmailIsland({ strings, locale }: VerifyEmailIslandProps) {
  const t = createT(strings);
  const mounted = useMountedQuery();
  const query = mounted ?? new URLSearchParams();
  const [state, setState] = useState<VerifyEmailState>({ kind: 'verifying' });
  const [resend, setResend] = useState<Resend>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [next, setNext] = useState(defaultRedirect(locale));
  const failedText = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);
  const resendText = useErrorText(strings, resend.kind === 'failed' ? resend.code : undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const token = mounted === null ? undefined : readToken(mounted);

  useEffect(() => {
    // The first render has no query yet (it matches the built HTML); act once the real one is known.
    if (mounted === null) return undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the flow's end reads the page's query, known once mounted (the built HTML has none)
    setNext(redirectHref());
    if (token === undefined) {
      setState({ kind: 'missing' });
      return undefined;
    }
    let live = true;
    const isLive = () => live;
    setState({ kind: 'verifying' });
    void settle(verifyEmailLink({ token })).then(async ([error, data]) => {
      if (!live) return;
      if (error) {
        if (!error.navigating) setState(stateFromOutcome({ ok: false, code: error.code }));
        return;
      }
      // The persisted stores load with the answer, not with the page (docs/performance.md).
      await import('../../client/stores/persisted').then(
        ({ $verifiedTokenEmail }) => {
          $verifiedTokenEmail.set(data.email);
        },
        () => undefined, // not remembered when the module cannot load; the page still tells the outcome
      );
      // The effect may have been cleaned up while the module loaded (a retry, or the screen left).
      if (!isLive()) return;
      setState(stateFromOutcome({ ok: true, ...data }));
    });
    return () => {
      live = false;
    };
  }, [mounted, token, attempt]);

  useEffect(() => {
    if (state.kind !== 'verifying') headingRef.current?.focus();
  }, [state.kind]);

  async function sendFresh() {
    if (token === undefined || resend.kind === 'sending') return;
    setResend({ kind: 'sending' });
    const [error, data] = await settle(resendVerifyEmailLink({ token, language: serverLocaleCode(locale) }));
    if (error) setResend({ kind: 'failed', code: error.code });
    else if (data.alreadyVerified) setState({ kind: 'verified', email: '', alreadyVerified: true });
    else setResend({ kind: 'sent' });
  }

  const signIn = (
    <a className="button block" href={routeHref(locale, { route: routes.login, query: { token: undefined } }, query)}>
      {t('verifyEmail.signIn')}
    </a>
  );

  let heading: string;
  let body: string;
  switch (state.kind) {
    case 'verifying':
      heading = t('verifyEmail.verifying');
      body = '';
      break;
    case 'verified':
      heading = t('verifyEmail.done.heading');
      body = state.alreadyVerified ? t('verifyEmail.done.already') : t('verifyEmail.done.body', { email: state.email });
      break;
    case 'expired':
      heading = t('verifyEmail.expired.heading');
      body = t('verifyEmail.expired.body', { hours: LINK_VALIDITY_HOURS });
      break;
    case 'replaced':
      heading = t('verifyEmail.replaced.heading');
      body = t('verifyEmail.replaced.body');
      break;
    case 'missing':
      heading = t('verifyEmail.missing.heading');
      body = t('verifyEmail.missing.body');
      break;
    case 'failed':
      heading = t('verifyEmail.failed.heading');
      // Empty for the moment the page's error texts load (src/islands/shared/error-message.ts).
      body = failedText?.message ?? '';
      break;
  }

  return (
    <section className="card" aria-labelledby="verify-email-heading" aria-busy={state.kind === 'verifying'}>
      <h1 id="verify-email-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      {state.kind === 'verifying' ? (
        <p role="status" className="muted">
          <span className="spinner small" aria-hidden="true" /> {t('verifyEmail.wait')}
        </p>
      ) : (
        <p>{body}</p>
      )}
      {state.kind === 'verified' && (
        <p>
          <a className="button primary block" href={next}>
            {t('verifyEmail.continue')}
          </a>
        </p>
      )}
      {offersFreshLink(state) && (
        <div className="actions stacked">
          <p className={resend.kind === 'failed' ? 'alert error' : 'muted'} role="status">
            {resend.kind === 'sent'
              ? t('verifyEmail.resent', { hours: LINK_VALIDITY_HOURS })
              : resend.kind === 'failed'
                ? (resendText?.message ?? '')
                : ''}
          </p>
          {resend.kind !== 'sent' && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void sendFresh();
              }}
            >
              <SubmitButton busy={resend.kind === 'sending'} busyLabel={t('verifyEmail.sending')}>
                {t('verifyEmail.resend')}
              </SubmitButton>
            </form>
          )}
          {signIn}
        </div>
      )}
      {state.kind === 'missing' && signIn}
      {state.kind === 'failed' && (
        <div className="actions stacked">
          <button
            type="button"
            className="button primary block"
            onClick={() => {
              setAttempt((n) => n + 1);
            }}
          >
            {t('verifyEmail.retry')}
          </button>
          {signIn}
        </div>
      )}
    </section>
  );
}
