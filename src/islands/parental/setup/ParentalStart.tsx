/**
 * setting/parental-controls/start (spec §2 "Parental controls"): the three steps of the setup — consent, child
 * accounts, manage — and the start. Starting marks the account a parent (enableParentalControls) and goes on to
 * verifiable parental consent; an account that cannot be a parent (PARENT_NOT_ELIGIBLE: a minor, a child account,
 * an unverified email; docs/parental.md) goes to parental-controls/not-eligible. A parent whose consent is already
 * recorded never sees this screen: the consent guard sends them to vpc/complete.
 */
import { useState } from 'react';
import { enableParentalControls } from '../../../client/api/parental';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';

export interface ParentalStartProps {
  strings: Strings;
  locale: Locale;
}

/** The catalogue code of an account that cannot set up parental controls. */
export const NOT_ELIGIBLE = 'PARENT_NOT_ELIGIBLE';

const STEPS = ['consent', 'children', 'manage'] as const;

export function ParentalStart({ strings }: ParentalStartProps) {
  const t = createT(strings);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, code);

  async function failed(failure: ApiError) {
    const { navigate } = await import('../../../client/navigation/browser');
    if (failure.code === NOT_ELIGIBLE) {
      navigate('parental-controls-not-eligible');
      return;
    }
    const { handleSettingsError } = await import('../../settings/handle-error');
    const outcome = await handleSettingsError(failure);
    if (outcome.kind === 'form') setCode(outcome.code);
  }

  async function start() {
    if (busy) return;
    setBusy(true);
    setCode(undefined);
    const [failure] = await settle(enableParentalControls());
    if (failure) {
      await failed(failure);
      setBusy(false);
      return;
    }
    const { navigate } = await import('../../../client/navigation/browser');
    navigate('vpc');
  }

  return (
    <>
      <section className="card" aria-labelledby="parental-start-heading">
        <h1 id="parental-start-heading">{t('parentalSetup.start.heading')}</h1>
        <p>{t('parentalSetup.start.intro')}</p>
        <FormError message={error?.message} />
        <ol className="item-list" aria-label={t('parentalSetup.start.stepsLabel')}>
          {STEPS.map((step, index) => (
            <li key={step} className="item">
              <h2 className="item-title">
                {t('parentalSetup.start.stepTitle', { n: index + 1, title: t(`parentalSetup.start.${step}.title`) })}
              </h2>
              <p className="muted">{t(`parentalSetup.start.${step}.body`)}</p>
            </li>
          ))}
        </ol>
        <p className="muted">{t('parentalSetup.start.charge')}</p>
        <div className="actions">
          <button
            type="button"
            className="button primary"
            aria-disabled={busy ? true : undefined}
            onClick={() => void start()}
          >
            {busy ? t('parentalSetup.common.working') : t('parentalSetup.start.begin')}
          </button>
        </div>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}
