/**
 * setting/parental-controls/start (spec §2 "Parental controls"): the three steps of the setup — consent, child
 * accounts, manage — and the start. Starting marks the account a parent (enableParentalControls) and goes on to
 * verifiable parental consent; an account that cannot be a parent (PARENT_NOT_ELIGIBLE: a minor, a child account,
 * an unverified email; docs/parental.md) goes to parental-controls/not-eligible. A parent whose consent is already
 * recorded never sees this screen: the consent guard sends them to vpc/complete.
 */
import { enableParentalControls } from '../../../client/api/parental';
import type { ApiError } from '../../../client/http/api-error';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { useSubmit } from '../../shared/use-submit';
import * as routes from '../../../routes/refs';

export interface ParentalStartProps {
  strings: Strings;
  locale: Locale;
}

/** The catalogue code of an account that cannot set up parental controls. */
export const NOT_ELIGIBLE = 'PARENT_NOT_ELIGIBLE';

const STEPS = ['consent', 'children', 'manage'] as const;

export function ParentalStart({ strings }: ParentalStartProps) {
  const t = createT(strings);
  const { busy, code, run, stayBusy } = useSubmit({ onError: failed });
  const error = useErrorText(strings, code);

  /** What a refusal shows in the form, after its navigation or dialog (the button stays busy meanwhile). */
  async function failed(failure: ApiError): Promise<string | undefined> {
    const { navigate } = await import('../../../client/navigation/browser');
    if (failure.code === NOT_ELIGIBLE) {
      navigate(routes.parentalControlsNotEligible);
      return undefined;
    }
    const { handleSettingsError } = await import('../../settings/handle-error');
    const outcome = await handleSettingsError(failure);
    return outcome.kind === 'form' ? outcome.code : undefined;
  }

  async function start() {
    await run(async () => {
      await enableParentalControls();
      const { navigate } = await import('../../../client/navigation/browser');
      // The page leaves for consent: the button stays busy meanwhile.
      stayBusy();
      navigate(routes.vpc);
    });
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
