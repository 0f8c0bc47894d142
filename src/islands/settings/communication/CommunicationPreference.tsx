/**
 * setting/communication-preference (spec §2, §3, §4 "SMS opt-in"; issue 12):
 * the screen is a list of sections (./sections.ts), each its own card:
 * the region's email newsletters, then news and offers by text. Changes save
 * at once and are emailed by the server.
 */
import type { ComponentType } from 'react';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { useAccount } from '../account';
import { NewsletterSection } from './NewsletterSection';
import type { SectionProps } from './sections';
import { SecurityAlertsSection } from './SecurityAlertsSection';
import { SmsSection } from './SmsSection';
import { useCommunication } from './use-communication';

export interface CommunicationPreferenceProps {
  strings: Strings;
  locale: Locale;
}

/**
 * The sections, in page order. Each is a component taking SectionProps, its strings in its own namespace (in the
 * screen file's `ns`); security alerts (issue 18) loads its data by itself.
 */
const SECTIONS: readonly { id: string; Section: ComponentType<SectionProps> }[] = [
  { id: 'newsletters', Section: NewsletterSection },
  { id: 'sms', Section: SmsSection },
  { id: 'security-alerts', Section: SecurityAlertsSection },
];

export function CommunicationPreference({ strings, locale }: CommunicationPreferenceProps) {
  const t = createT(strings);
  const view = useAccount();
  const { communication, setCommunication, failed, retry, onError } = useCommunication(locale);
  const props: SectionProps = {
    strings,
    t,
    locale,
    account: view.status === 'ready' ? view.account : null,
    accountLoading: view.status === 'loading',
    communication,
    communicationFailed: failed,
    setCommunication,
    onError,
  };
  return (
    <>
      <section className="card" aria-labelledby="communication-heading">
        <h1 id="communication-heading">{t('settings.communication.heading')}</h1>
        <p className="muted">{t('settings.communication.intro')}</p>
        {failed && (
          <p role="alert">
            {t('settings.communication.loadFailed')}{' '}
            <button type="button" className="button link" onClick={retry}>
              {t('settings.common.retry')}
            </button>
          </p>
        )}
      </section>
      {SECTIONS.map(({ id, Section }) => (
        <Section key={id} {...props} />
      ))}
      <LazyDialogHost strings={strings} />
    </>
  );
}
