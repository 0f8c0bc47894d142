/**
 * newsletter/sms-opt-in and {setting?}/opt-in-sms (spec §2, login required):
 * the SMS opt-in on a page of its own, for links from emails and the game;
 * the same section as on the communication preferences, with a way there.
 */
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { useAccount } from '../account';
import { SmsSection } from './SmsSection';
import { useCommunication } from './use-communication';
import * as routes from '../../../routes/refs';

export interface SmsOptInProps {
  strings: Strings;
  locale: Locale;
}

export function SmsOptIn({ strings, locale }: SmsOptInProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const { communication, setCommunication, failed, retry, onError } = useCommunication(locale);
  return (
    <>
      <section className="card" aria-labelledby="sms-opt-in-heading">
        <h1 id="sms-opt-in-heading">{t('settings.communication.optIn.heading')}</h1>
        <p>
          <a href={routeHref(locale, { route: routes.communicationPreference }, query)}>
            {t('settings.communication.optIn.all')}
          </a>
        </p>
        {failed && (
          <p role="alert">
            {t('settings.communication.loadFailed')}{' '}
            <button type="button" className="button link" onClick={retry}>
              {t('settings.common.retry')}
            </button>
          </p>
        )}
      </section>
      <SmsSection
        strings={strings}
        t={t}
        locale={locale}
        account={view.status === 'ready' ? view.account : null}
        accountLoading={view.status === 'loading'}
        communication={communication}
        communicationFailed={failed}
        setCommunication={setCommunication}
        onError={onError}
      />
      <LazyDialogHost strings={strings} />
    </>
  );
}
