/**
 * setting/parental-controls/vpc (spec §1, §9; docs/parental-setup.md): verifiable parental consent by card. The
 * parent picks one of their saved cards (payment-methods API) or adds one with the settings add-card form
 * (loaded when opened, as on the payment methods screen); the server charges it $1 and refunds it at once
 * (completeVpcCard). The result says so; a declined card shows its catalogue text and nothing is recorded.
 * Verifying by phone instead is vpc/sms.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { completeVpcCard } from '../../../client/api/parental';
import { listPaymentMethods, startPaymentMethodSetup } from '../../../client/api/payment-methods';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { isAppMode } from '../../../client/navigation/page';
import { $account } from '../../../client/stores/account';
import { $captcha, CAPTCHA_FORM_KEYS } from '../../../client/stores/captcha';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import type { PaymentMethod } from '../../../shared/contract/payment-methods';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { SubmitButton } from '../../shared/SubmitButton';
import { useSubmit } from '../../shared/use-submit';
import { usePageQuery } from '../../shared/use-page-query';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import type { Setup } from '../../settings/payment-methods/AddCardForm';
import { cardLabel, expiryLabel } from '../../settings/payment-methods/card-label';
import '../../settings/payment-methods/payment-methods.css';
import * as routes from '../../../routes/refs';

const AddCardForm = lazy(() => import('../../settings/payment-methods/AddCardForm'));
const CaptchaV2 = lazy(() => import('../../../client/captcha/CaptchaV2').then((m) => ({ default: m.CaptchaV2 })));

/** Spec §5: the captcha failure code (the token could not be had, or the server refused it). */
const CAPTCHA_FAILED = 'captcha';

/** The payment codes a charge may answer (docs/payments.md): shown in the form, the parent tries another card. */
const DECLINES: ReadonlySet<string> = new Set([
  'CARD_DECLINED',
  'CARD_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'INCORRECT_CVC',
  'CARD_NUMBER_INVALID',
]);

export interface VpcProps {
  strings: Strings;
  locale: Locale;
}

type ListState =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly cards: readonly PaymentMethod[] };

interface Charged {
  readonly amount: string;
  readonly last4: string;
}

/**
 * The modules the submit awaits, loaded at idle (or with the form's first focus or input), not with the page, so
 * the click waits on no code (docs/performance.md "first click"): the login form's captcha (its token is asked for
 * on submit), where consent is given (LAUNCHER or WEB, spec §9) and the settings error handling (sign-in,
 * verification, dialogs) for an answer other than a decline.
 */
const captchaCode = onDemandModule(() => import('../../../client/captcha/login-token'));
const locationCode = onDemandModule(() => import('./consent-location'));
const errorCode = onDemandModule(() => import('../../settings/handle-error'));

async function handleError(error: ApiError): Promise<string | undefined> {
  const { handleSettingsError } = errorCode.loaded() ?? (await errorCode());
  const outcome = await handleSettingsError(error);
  return outcome.kind === 'form' ? outcome.code : undefined;
}

export function Vpc({ strings, locale }: VpcProps) {
  const warm = useWarmPath(captchaCode, locationCode, errorCode);
  const t = createT(strings);
  const query = usePageQuery();
  const account = useStore($account);
  const { showCaptcha, v2Token } = useStore($captcha, { keys: CAPTCHA_FORM_KEYS });
  const [showErrors, setShowErrors] = useState(false);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [setup, setSetup] = useState<Setup | undefined>(undefined);
  // The calls give their refusal back, handled once the form is free (the handler may open a dialog); the list's
  // failure shows through the same code.
  const { busy, code, setCode, run } = useSubmit();
  const errorText = useErrorText(strings, code);
  const [charged, setCharged] = useState<Charged | undefined>(undefined);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  // Its own list load, not useLoaded: a failure runs the settings handler into the form's code, a reload selects the
  // card just added (docs/screens.md).
  const load = useCallback(
    async (select?: string) => {
      const [error, result] = await settle(listPaymentMethods());
      if (error) {
        setList({ status: 'failed' });
        setCode(await handleError(error));
        return;
      }
      const cards = result.paymentMethods;
      setList({ status: 'ready', cards });
      // The card just added, else the default (listed first).
      setSelected((current) => select ?? current ?? cards[0]?.id);
    },
    [setCode],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the load sets state only after its first await; the compiler cannot see through the callback
    void load();
  }, [load]);

  useEffect(() => {
    if (charged !== undefined) resultRef.current?.focus();
  }, [charged]);

  async function openForm() {
    if (busy) return;
    const settled = await run(() => settle(startPaymentMethodSetup()));
    if (settled === undefined) return;
    const [error, started] = settled;
    if (error) setCode(await handleError(error));
    else setSetup(started);
  }

  function closeForm() {
    setSetup(undefined);
    requestAnimationFrame(() => addRef.current?.focus());
  }

  async function saved(card: PaymentMethod) {
    setSetup(undefined);
    await load(card.id);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (selected === undefined) {
      setCode(undefined);
      return;
    }
    setShowErrors(true);
    // Each try is a real charge (issue 26 §3): the step carries the login form's captcha, invisible unless the
    // configuration or a 20072 shows the widget.
    if (showCaptcha && v2Token === null) return;
    const paymentMethodId = selected;
    const settled = await run(async () => {
      const { loginCaptcha } = captchaCode.loaded() ?? (await captchaCode());
      const { consentLocation } = locationCode.loaded() ?? (await locationCode());
      const captcha = await loginCaptcha(isAppMode());
      if (captcha === undefined) {
        setCode(CAPTCHA_FAILED);
        return undefined;
      }
      return settle(completeVpcCard({ paymentMethodId, consentLocation: consentLocation(), ...captcha }));
    });
    if (settled === undefined) return;
    const [error, result] = settled;
    if (error) {
      setCode(DECLINES.has(error.code) ? error.code : await handleError(error));
      return;
    }
    const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: result.currency }).format(
      result.amountCents / 100,
    );
    setCharged({ amount, last4: result.last4 });
  }

  if (charged !== undefined) {
    return (
      <section className="card" aria-labelledby="vpc-done-heading">
        <h1 id="vpc-done-heading" ref={resultRef} tabIndex={-1}>
          {t('parentalSetup.vpc.doneHeading')}
        </h1>
        <p role="status">{t('parentalSetup.vpc.charged', { amount: charged.amount, last4: charged.last4 })}</p>
        <p className="muted">{t('parentalSetup.vpc.refundNote')}</p>
        <div className="actions">
          <a className="button primary" href={routeHref(locale, { route: routes.vpcComplete }, query)}>
            {t('parentalSetup.common.continue')}
          </a>
        </div>
      </section>
    );
  }

  const cards = list.status === 'ready' ? list.cards : [];
  return (
    <>
      <section className="card" aria-labelledby="vpc-heading">
        <h1 id="vpc-heading">{t('parentalSetup.vpc.heading')}</h1>
        <p>{t('parentalSetup.vpc.intro')}</p>
        <FormError message={errorText?.message} />
        {list.status === 'loading' && <p className="loading-line">{t('parentalSetup.common.loading')}</p>}
        {list.status === 'failed' && (
          <p>
            {t('parentalSetup.vpc.loadFailed')}{' '}
            <button
              type="button"
              className="button link"
              onClick={() => {
                setList({ status: 'loading' });
                void load();
              }}
            >
              {t('parentalSetup.common.retry')}
            </button>
          </p>
        )}
        {list.status === 'ready' && cards.length === 0 && <p>{t('parentalSetup.vpc.noCards')}</p>}
        {cards.length > 0 && (
          <form method="post" noValidate onFocus={warm} onInput={warm} onSubmit={(e) => void onSubmit(e)}>
            <fieldset className="radio-list">
              <legend>{t('parentalSetup.vpc.chooseCard')}</legend>
              {cards.map((card) => (
                <div className="radio" key={card.id}>
                  <input
                    type="radio"
                    id={`vpc-card-${card.id}`}
                    name="vpc-card"
                    value={card.id}
                    checked={selected === card.id}
                    onChange={() => {
                      setSelected(card.id);
                      setCode(undefined);
                    }}
                  />
                  <label htmlFor={`vpc-card-${card.id}`}>
                    {cardLabel(t, card)}{' '}
                    <span className="muted">{t('settings.payments.expires', { date: expiryLabel(card) })}</span>
                  </label>
                </div>
              ))}
            </fieldset>
            {showCaptcha && (
              <Suspense fallback={null}>
                <CaptchaV2
                  label={t('form.captcha.label')}
                  error={showErrors && v2Token === null ? t('form.captcha.required') : undefined}
                />
              </Suspense>
            )}
            <SubmitButton busy={busy} busyLabel={t('parentalSetup.vpc.charging')} className="button primary">
              {t('parentalSetup.vpc.submit')}
            </SubmitButton>
          </form>
        )}
        {setup === undefined && list.status === 'ready' && (
          <div className="actions">
            <button ref={addRef} type="button" className="button" disabled={busy} onClick={() => void openForm()}>
              {t('parentalSetup.vpc.addCard')}
            </button>
          </div>
        )}
        <p className="form-footer">
          {t('parentalSetup.vpc.smsInstead')}{' '}
          <a href={routeHref(locale, { route: routes.vpcSms }, query)}>{t('parentalSetup.vpc.smsLink')}</a>
        </p>
      </section>
      {setup !== undefined && (
        <section className="card" aria-label={t('settings.payments.form.heading')}>
          <Suspense fallback={<p className="loading-line">{t('parentalSetup.common.loading')}</p>}>
            <AddCardForm
              t={t}
              strings={strings}
              locale={locale}
              setup={setup}
              defaultEmail={account?.email ?? ''}
              first={cards.length === 0}
              onSaved={(card) => void saved(card)}
              onCancel={closeForm}
              onSaveError={handleError}
            />
          </Suspense>
        </section>
      )}
      <LazyDialogHost strings={strings} />
    </>
  );
}
