/**
 * Email newsletters (spec §3 newsletter list item, §9 the region's lists): one
 * checkbox per list the server shows, saved at once. 59794 depends on news and
 * special offers (59749): the server subscribes both, and says so beside it.
 * Subscribing needs a verified email (checked first, ../email-first).
 */
import region from '@region';
import { useState } from 'react';
import { subscribeNewsletter, unsubscribeNewsletter } from '../../../client/api/communication';
import { settle } from '../../../client/http/settle';
import { serverLocaleCode } from '../../../i18n/locales';
import type { NewsletterItem } from '../../../shared/contract/communication';
import { Checkbox } from '../../shared/Checkbox';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useSubmit } from '../../shared/use-submit';
import type { SectionProps } from './sections';
// The checkbox's hint layout lives with the form parts (forms.css); this screen has no text field to bring it.
import '../../shared/forms.css';
import './communication.css';

export function NewsletterSection({
  strings,
  t,
  locale,
  account,
  accountLoading,
  communication,
  communicationFailed,
  setCommunication,
  onError,
}: SectionProps) {
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  // Which list is saving, for its aria-busy (the hook's busy says whether one is).
  const [saving, setSaving] = useState<number | null>(null);
  const error = useErrorText(strings, code);
  const [status, setStatus] = useState('');
  const lists = communication?.newsletters.filter((n) => n.show) ?? null;
  const newsOffers = communication?.newsletters.find((n) => n.isNewsOffersNewsletter);

  async function toggle(item: NewsletterItem, on: boolean) {
    if (busy) return;
    if (on && account?.emailVerified === false) {
      // Spec §4: subscribing needs a verified email; the explanation (a dialog) loads when it is needed.
      const { ensureEmailVerified } = await import('../email-first');
      await ensureEmailVerified(account);
      return;
    }
    setSaving(item.id);
    setStatus('');
    const language = serverLocaleCode(locale);
    // The call alone: the list is free again before the handler's dialog, if any, opens.
    const settled = await submit.run(() =>
      settle(on ? subscribeNewsletter(item.id, language) : unsubscribeNewsletter(item.id, language)),
    );
    if (settled === undefined) return;
    const [failure, next] = settled;
    if (failure) {
      setCode(await onError(failure));
      return;
    }
    setCommunication(next);
    setStatus(
      t(on ? 'settings.communication.newsletters.on' : 'settings.communication.newsletters.off', { name: item.name }),
    );
  }

  /**
   * The lists' shape while they load (one placeholder per list the region offers; the server may hide some), so the
   * sections below do not jump down by the list's height when it arrives (docs/performance.md "Layout shift on the
   * settings pages").
   */
  function placeholders() {
    return (
      <>
        {!accountLoading && <p className="visually-hidden">{t('settings.common.loading')}</p>}
        <ul className="item-list newsletter-list" aria-hidden="true">
          {region.newsletterProductIds.map((id) => (
            <li key={id} className="item">
              <span className="skeleton-line" />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="newsletters-heading">
      <h2 id="newsletters-heading">{t('settings.communication.newsletters.heading')}</h2>
      {accountLoading ? (
        <p className="loading-line">{t('settings.common.loading')}</p>
      ) : (
        account?.email && (
          <p className="muted">{t('settings.communication.newsletters.intro', { email: account.email })}</p>
        )
      )}
      <FormError message={error?.message} />
      {lists === null ? (
        !communicationFailed && placeholders()
      ) : lists.length === 0 ? (
        <p>{t('settings.communication.newsletters.empty')}</p>
      ) : (
        <ul className="item-list newsletter-list">
          {lists.map((item) => (
            <li key={item.id} className="item" aria-busy={(busy && saving === item.id) || undefined}>
              <Checkbox
                label={item.name}
                checked={item.subscribed}
                hint={
                  item.initDependentOnNewsOffers && newsOffers
                    ? t('settings.communication.newsletters.dependsOn', { name: newsOffers.name })
                    : undefined
                }
                onCheckedChange={(on) => void toggle(item, on)}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="status-line" role="status">
        {status}
      </p>
    </section>
  );
}
