/**
 * promo-2fa (spec §4 step 4, issue 6): offered after sign-in when the email
 * is verified and the promo was not skipped. "Set up" goes to security;
 * "Not now" continues where the sign-in was going, and with "don't ask
 * again" the account remembers the choice (skipMfaPromo). An account that
 * already has a second factor is sent on at once.
 */
import { useEffect, useState } from 'react';
import { skipMfaPromo } from '../../../client/api/mfa';
import { settle } from '../../../client/http/settle';
import { redirectAfterFlow } from '../../../client/navigation/flow-end';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { Checkbox } from '../../shared/Checkbox';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { useAccount } from '../../settings/account';
import { handleSettingsError } from '../../settings/handle-error';
import { enabledFactors } from '../../settings/two-factor';
import { useSubmit } from '../../shared/use-submit';
import * as routes from '../../../routes/refs';

export interface Promo2faProps {
  strings: Strings;
  locale: Locale;
}

export function Promo2fa({ strings, locale }: Promo2faProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const [dontAsk, setDontAsk] = useState(false);
  const submit = useSubmit();
  const { busy, code: formCode, setCode: setFormCode } = submit;
  const formText = useErrorText(strings, formCode);
  const protectedAlready = view.status === 'ready' && enabledFactors(view.account).length > 0;

  useEffect(() => {
    if (protectedAlready) redirectAfterFlow(true);
  }, [protectedAlready]);

  async function notNow() {
    if (busy) return;
    if (!dontAsk) {
      redirectAfterFlow();
      return;
    }
    // Busy until the page leaves; a failure is handled once the buttons are free again.
    const error = await submit.run(async () => {
      const [failure] = await settle(skipMfaPromo());
      if (failure) return failure;
      submit.stayBusy();
      redirectAfterFlow();
      return undefined;
    });
    if (error === undefined) return;
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  // Decide before rendering: until the account is known (or when it is already protected and being sent on),
  // the offer is not shown, so "Set it up now" never flashes for a player who has two-step verification. The one
  // region has no account call ('unavailable'): the offer shows as before.
  if (view.status === 'loading' || protectedAlready)
    return (
      <p className="visually-hidden" role="status" aria-live="polite">
        {t('mfa.promo.checking')}
      </p>
    );

  return (
    <>
      <section className="card" aria-labelledby="promo-heading" aria-busy={busy || undefined}>
        <h1 id="promo-heading">{t('mfa.promo.heading')}</h1>
        <p>{t('mfa.promo.intro')}</p>
        <ul>
          <li>{t('mfa.promo.point1')}</li>
          <li>{t('mfa.promo.point2')}</li>
          <li>{t('mfa.promo.point3')}</li>
        </ul>
        <FormError message={formText?.message} />
        <Checkbox label={t('mfa.promo.dontAsk')} checked={dontAsk} onCheckedChange={setDontAsk} />
        <div className="actions">
          <a className="button primary" href={routeHref(locale, { route: routes.security }, query)}>
            {t('mfa.promo.setUp')}
          </a>
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void notNow()}>
            {t('mfa.promo.notNow')}
          </button>
        </div>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default Promo2fa;
