/**
 * setting/manage-payment-methods (spec §2, §3 payment card; docs/payments.md):
 * the saved cards — brand, last 4, expiry, cardholder, billing email, the
 * default — with add, make default and remove. Changes need a verified email
 * (checked here first, spec §4) and a settings verification (the API's 20008
 * N=9 starts it; the player comes back here). The add-card form, its card
 * field and its checks load when the player opens it, never with the page.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef, useState } from 'react';
import {
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startPaymentMethodSetup,
} from '../../../client/api/payment-methods';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { withQuery } from '../../../client/navigation/query';
import { $account } from '../../../client/stores/account';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import type { PaymentMethod } from '../../../shared/contract/payment-methods';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { useLoaded } from '../../shared/use-loaded';
import { useSubmit } from '../../shared/use-submit';
import { usePageQuery } from '../../shared/use-page-query';
import type { Setup } from './AddCardForm';
import { cardLabel, expiryLabel } from './card-label';
import './payment-methods.css';

const AddCardForm = lazy(() => import('./AddCardForm'));

export interface ManagePaymentMethodsProps {
  strings: Strings;
  locale: Locale;
  /** The account overview's path, built from the registry at build time (the page ships no route table). */
  overviewPath: string;
}

/** Settings error handling (verification, sign-in, dialogs) loads with the first error. */
async function handleError(error: ApiError): Promise<string | undefined> {
  const { handleSettingsError } = await import('../settings-errors');
  const outcome = await handleSettingsError(error);
  return outcome.kind === 'form' ? outcome.code : undefined;
}

export function ManagePaymentMethods({ strings, locale, overviewPath }: ManagePaymentMethodsProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const account = useStore($account);
  const [setup, setSetup] = useState<Setup | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const submit = useSubmit();
  const { busy, code: formCode, setCode: setFormCode } = submit;
  const formText = useErrorText(strings, formCode);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const list = useLoaded(async () => {
    const [error, result] = await settle(listPaymentMethods());
    if (!error) return { cards: result.paymentMethods, max: result.maxPaymentMethods };
    // Failed as soon as the call did; the error's handling (dialogs, navigation) follows.
    void handleError(error).then(setFormCode);
    throw error;
  });
  const load = list.refresh;

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setNotice(undefined);
    await submit.run(work);
  }

  /** Spec §4: a verified email first; the API refuses an unverified one (20038) with no way to verify there. */
  async function emailVerified(): Promise<boolean> {
    const { ensureEmailVerified } = await import('../email-first');
    return ensureEmailVerified(account);
  }

  const openForm = () =>
    run(async () => {
      if (!(await emailVerified())) return;
      setStarting(true);
      const [error, started] = await settle(startPaymentMethodSetup());
      setStarting(false);
      if (error) setFormCode(await handleError(error));
      else setSetup(started);
    });

  const closeForm = () => {
    setSetup(undefined);
    // The button is back once the form is gone: focus it then.
    requestAnimationFrame(() => addRef.current?.focus());
  };

  async function saved(card: PaymentMethod) {
    setSetup(undefined);
    setNotice(t('settings.payments.added', { card: cardLabel(t, card) }));
    await load();
    headingRef.current?.focus();
  }

  const makeDefault = (card: PaymentMethod) =>
    run(async () => {
      if (!(await emailVerified())) return;
      const [error] = await settle(setDefaultPaymentMethod(card.id));
      if (error) setFormCode(await handleError(error));
      else {
        setNotice(t('settings.payments.defaultSet', { card: cardLabel(t, card) }));
        await load();
      }
    });

  const remove = (card: PaymentMethod) =>
    run(async () => {
      if (!(await emailVerified())) return;
      const { confirmDialog } = await import('../../../client/dialogs/queue');
      const label = cardLabel(t, card);
      const ok = await confirmDialog({
        titleKey: 'settings.payments.removeTitle',
        messageKey: 'settings.payments.removeBody',
        messageVars: { card: label },
        confirmKey: 'settings.payments.removeConfirm',
      });
      if (!ok) return;
      const [error] = await settle(removePaymentMethod(card.id));
      if (error) setFormCode(await handleError(error));
      else {
        setNotice(t('settings.payments.removed', { card: label }));
        await load();
        headingRef.current?.focus();
      }
    });

  const cards = list.status === 'ready' ? list.data.cards : [];
  const full = list.status === 'ready' && cards.length >= list.data.max;

  return (
    <>
      <section className="card payment-methods" aria-labelledby="payments-heading">
        <h1 id="payments-heading" ref={headingRef} tabIndex={-1}>
          {t('settings.payments.heading')}
        </h1>
        <p className="muted">{t('settings.payments.intro')}</p>
        <FormError message={formText?.message} />
        <p role="status" className="status-line">
          {notice ?? ''}
        </p>
        {list.status === 'loading' && <p className="loading-line">{t('settings.common.loading')}</p>}
        {list.status === 'failed' && (
          <p>
            {t('settings.payments.loadFailed')}{' '}
            <button type="button" className="button link" onClick={list.retry}>
              {t('settings.common.retry')}
            </button>
          </p>
        )}
        {list.status === 'ready' && cards.length === 0 && <p>{t('settings.payments.empty')}</p>}
        {cards.length > 0 && (
          <ul className="item-list" aria-label={t('settings.payments.listLabel')}>
            {cards.map((card) => {
              const label = cardLabel(t, card);
              return (
                <li key={card.id} className="item">
                  <h2 className="item-title">
                    {label}
                    {card.isDefault && <span className="badge on">{t('settings.payments.default')}</span>}
                  </h2>
                  <p className="muted">{t('settings.payments.expires', { date: expiryLabel(card) })}</p>
                  <dl className="card-meta">
                    <dt>{t('settings.payments.holder')}</dt>
                    <dd>{`${card.givenName} ${card.surname}`}</dd>
                    <dt>{t('settings.payments.billingEmail')}</dt>
                    <dd>{card.email}</dd>
                  </dl>
                  <div className="actions">
                    {!card.isDefault && (
                      <button
                        type="button"
                        disabled={busy}
                        className="button"
                        aria-label={t('settings.payments.makeDefaultNamed', { card: label })}
                        onClick={() => void makeDefault(card)}
                      >
                        {t('settings.payments.makeDefault')}
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={busy}
                      className="button"
                      aria-label={t('settings.payments.removeNamed', { card: label })}
                      onClick={() => void remove(card)}
                    >
                      {t('settings.payments.remove')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {full && <p>{t('settings.payments.limit', { max: list.data.max })}</p>}
        {setup === undefined && (
          <div className="actions">
            {list.status === 'ready' && !full && (
              <button
                ref={addRef}
                type="button"
                className="button primary"
                disabled={busy}
                onClick={() => void openForm()}
              >
                {t('settings.payments.add')}
              </button>
            )}
            <a className="button link" href={withQuery(overviewPath, query)}>
              {t('settings.payments.back')}
            </a>
          </div>
        )}
        {starting && <p className="loading-line">{t('settings.payments.starting')}</p>}
      </section>
      {setup !== undefined && (
        <section className="card" aria-label={t('settings.payments.form.heading')}>
          <Suspense fallback={<p className="loading-line">{t('settings.payments.starting')}</p>}>
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

export default ManagePaymentMethods;
