/**
 * global/verify/code (spec §2; docs/global-screens.md): the signed-in player proves their account's address by
 * an emailed code (globalVerifyRequestCode, then globalVerifyWithCode), then goes on to global/verify/success.
 * An address that is already verified goes straight there; without a session the page offers global/login. The
 * session is asked with the start-up's login-status call (an answer, not an error), and the account only when
 * there is one: a signed-out visitor's console shows no 401.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { globalVerifyRequestCode, globalVerifyWithCode } from '../../../client/api/launcher-login';
import { getAccount } from '../../../client/api/settings';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { goTo, isAppMode } from '../../../client/navigation/page';
import { createT } from '../../../client/t';
import { serverLocaleCode } from '../../../i18n/locales';
import type { IslandProps } from '../../../layouts/screen';
import { CODE_LENGTH } from '../../shared/CodeInput';
import { useErrorText } from '../../shared/error-message';
import { usePageQuery } from '../../shared/use-page-query';
import { useSubmit } from '../../shared/use-submit';
import { VerifyCodeStep } from '../../shared/verify-code/VerifyCodeStep';
import * as routes from '../../../routes/refs';

type Phase = { kind: 'loading' } | { kind: 'signedOut' } | { kind: 'send'; email: string; sent: boolean };

export function GlobalVerifyCode({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const { busy, run, stayBusy } = useSubmit();
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);
  const successHref = routeHref(locale, { route: routes.globalVerifySuccess }, query);

  useEffect(() => {
    void (async () => {
      const { loginState } = await import('../../../client/startup/guard-runner');
      if ((await loginState(isAppMode())) === false) {
        setPhase({ kind: 'signedOut' });
        return;
      }
      const [failed, account] = await settle(getAccount());
      if (failed) setPhase({ kind: 'signedOut' });
      else if (account.isVerified) goTo(successHref, true);
      else setPhase({ kind: 'send', email: account.email, sent: false });
    })();
  }, [successHref]);

  async function send() {
    if (busy || phase.kind !== 'send') return;
    setFailure(undefined);
    const { email } = phase;
    const settled = await run(() => settle(globalVerifyRequestCode({ email, language: serverLocaleCode(locale) })));
    if (settled === undefined) return;
    const [failed] = settled;
    if (failed) setFailure(failed.code);
    else setPhase({ ...phase, sent: true });
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || phase.kind !== 'send') return;
    if (!phase.sent) return send();
    setFailure(undefined);
    if (code.length !== CODE_LENGTH) {
      setCodeError(t('error.input.verificationCode'));
      return;
    }
    setCodeError(undefined);
    const { email } = phase;
    // Busy until the page leaves after success; a refusal is shown once the form is free again.
    const failed = await run(async () => {
      const [refusal] = await settle(globalVerifyWithCode({ email, code, codeType: 'LOGIN', social: false }));
      if (refusal) return refusal;
      stayBusy();
      goTo(successHref, true);
      return undefined;
    });
    if (failed) setFailure(failed.code);
  }

  if (phase.kind === 'loading') return <section className="card" aria-busy="true" />;
  if (phase.kind === 'signedOut')
    return (
      <section className="card" aria-labelledby="global-verify-heading">
        <h1 id="global-verify-heading">{t('global.verify.heading')}</h1>
        <p>{t('global.verify.signedOut')}</p>
        <p>
          <a className="button primary block" href={routeHref(locale, { route: routes.globalLogin }, query)}>
            {t('global.verify.signIn')}
          </a>
        </p>
      </section>
    );
  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t('global.verify.heading')}</h1>
      <VerifyCodeStep
        config={{
          sentTo: t(phase.sent ? 'global.verify.sent' : 'global.verify.intro', { email: phase.email }),
          label: t('global.verify.label'),
          submitLabel: t(phase.sent ? 'global.verify.submit' : 'global.verify.send'),
          busyLabel: t('global.verify.working'),
          resendLabel: t('global.verify.resend'),
          resend: () => void send(),
          actions: 'links',
        }}
        sent={phase.sent}
        code={code}
        onCode={setCode}
        codeError={codeError}
        busy={busy}
        error={error?.message}
      />
    </form>
  );
}
