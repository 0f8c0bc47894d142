/**
 * gamescale/verify-code (spec §2; docs/global-screens.md): the second step of the gamescale phone
 * verification. The texted code for the number of gamescale/verify-sms (kept in this tab), verified with the
 * settings phone call; then the number is the account's, and the player continues where the channel sent them
 * (route_to or an allowed return_url, else the default page). Resend, or back to another number.
 */
import { useMemo, useState, type SubmitEvent } from 'react';
import { requestPhoneCode, verifyPhone } from '../../client/api/phone';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { routeHref } from '../../client/navigation/href';
import { createT } from '../../client/t';
import { serverLocaleCode } from '../../i18n/locales';
import type { IslandProps } from '../../layouts/screen';
import { CODE_LENGTH } from '../shared/CodeInput';
import { useErrorText } from '../shared/error-message';
import { VerifyCodeStep } from '../shared/verify-code/VerifyCodeStep';
import { useHydrated, usePageQuery } from '../shared/use-page-query';
import { forgetGamescalePhone, gamescalePhone } from './gamescale-phone';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

type Phase = { kind: 'loading' } | { kind: 'missing' } | { kind: 'code'; phoneNo: string } | { kind: 'done' };

export function VerifyCode({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const query = usePageQuery();
  // The number is in the tab's storage, which the built HTML cannot know: read once hydrated.
  const hydrated = useHydrated();
  const phoneNo = useMemo(() => (hydrated ? gamescalePhone() : undefined), [hydrated]);
  const [done, setDone] = useState(false);
  const phase: Phase =
    phoneNo === undefined
      ? { kind: 'loading' }
      : phoneNo === null
        ? { kind: 'missing' }
        : done
          ? { kind: 'done' }
          : { kind: 'code', phoneNo };
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const { busy, run } = useSubmit();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [next, setNext] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);

  /**
   * The settings calls' error handling (the settings verification a phone change may ask for, dialogs,
   * navigation), loaded with the first error like verify-phone's; a code for the form comes back.
   */
  async function showFailure(failed: ApiError) {
    const { handleSettingsError } = await import('../settings/handle-error');
    const outcome = await handleSettingsError(failed);
    if (outcome.kind === 'form') setFailure(outcome.code);
  }
  const numberHref = routeHref(locale, { route: routes.gamescaleVerifySms }, query);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || phase.kind !== 'code') return;
    setFailure(undefined);
    setStatus('');
    if (code.length !== CODE_LENGTH) {
      setCodeError(t('error.input.verificationCode'));
      return;
    }
    setCodeError(undefined);
    const { phoneNo } = phase;
    // Busy until the next page's address is known; a failure is shown once the form is free again.
    const failed = await run(async () => {
      const [refusal] = await settle(verifyPhone({ phoneNo, verificationCode: code, resetEnabled: false }));
      if (refusal) return refusal;
      forgetGamescalePhone();
      // The end of the flow follows the redirect rules (allow-list); its module loads only now.
      const { redirectHref } = await import('../../client/navigation/flow-end');
      setNext(redirectHref());
      return undefined;
    });
    if (failed) {
      await showFailure(failed);
      return;
    }
    setDone(true);
  }

  async function resend() {
    if (busy || phase.kind !== 'code') return;
    setFailure(undefined);
    const { phoneNo } = phase;
    const settled = await run(() => settle(requestPhoneCode({ phoneNo, language: serverLocaleCode(locale) })));
    if (settled === undefined) return;
    const [failed] = settled;
    if (failed) {
      await showFailure(failed);
    } else setStatus(t('mfa.sms.resent'));
  }

  if (phase.kind === 'loading') return <section className="card" aria-busy="true" />;
  if (phase.kind === 'missing')
    return (
      <section className="card" aria-labelledby="gamescale-code-heading">
        <h1 id="gamescale-code-heading">{t('gamescale.code.heading')}</h1>
        <p>{t('gamescale.code.noPhone')}</p>
        <p>
          <a className="button primary block" href={numberHref}>
            {t('gamescale.code.enterNumber')}
          </a>
        </p>
      </section>
    );
  if (phase.kind === 'done')
    return (
      <section className="card" aria-labelledby="gamescale-code-heading">
        <h1 id="gamescale-code-heading">{t('gamescale.code.doneHeading')}</h1>
        <p role="status">{t('gamescale.code.verified')}</p>
        <p>
          <a className="button primary block" href={next}>
            {t('gamescale.code.continue')}
          </a>
        </p>
      </section>
    );
  return (
    <form method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t('gamescale.code.heading')}</h1>
      <VerifyCodeStep
        config={{
          sentTo: t('mfa.sms.codeSent', { phone: phase.phoneNo }),
          label: t('gamescale.code.label'),
          submitLabel: t('gamescale.code.submit'),
          busyLabel: t('mfa.common.working'),
          resendLabel: t('mfa.sms.resend'),
          resend: () => void resend(),
          other: { label: t('gamescale.code.otherNumber'), href: numberHref },
          actions: 'links',
        }}
        code={code}
        onCode={setCode}
        codeError={codeError}
        busy={busy}
        error={error?.message}
        status={status}
      />
    </form>
  );
}
