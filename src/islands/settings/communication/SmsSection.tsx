/**
 * News and offers by text (spec §4 "SMS opt-in", §5): for the account's
 * verified phone, a US or Canada number, players aged 13 or over (the server
 * says which, `eligibility`). Opting in texts the phone; the subscription is
 * pending until the player replies YES, then subscribed; replying STOP, or
 * "Stop texts" here, ends it. "Check again" reads the state after the reply.
 */
import { useState } from 'react';
import { getCommunication, smsOptIn, smsOptOut } from '../../../client/api/communication';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { serverLocaleCode } from '../../../i18n/locales';
import type { SmsOptInState } from '../../../shared/contract/communication';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useSubmit } from '../../shared/use-submit';
import { usePageQuery } from '../../shared/use-page-query';
import type { SectionProps } from './sections';
import * as routes from '../../../routes/refs';

export function SmsSection({
  strings,
  t,
  locale,
  communication,
  communicationFailed,
  setCommunication,
  onError,
}: SectionProps) {
  const query = usePageQuery();
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const error = useErrorText(strings, code);
  const [status, setStatus] = useState('');
  const sms = communication?.sms ?? null;
  const language = serverLocaleCode(locale);
  const phoneHref = routeHref(locale, { route: routes.verifyPhone }, query);

  async function run(work: () => Promise<SmsOptInState | undefined>, done: (s: SmsOptInState) => string) {
    if (busy) return;
    setStatus('');
    await submit.run(async () => {
      const next = await work();
      if (next !== undefined) {
        setCommunication((c) => (c === null ? c : { ...c, sms: next }));
        setStatus(done(next));
      }
    });
  }

  async function call(request: Promise<SmsOptInState>): Promise<SmsOptInState | undefined> {
    const [failure, next] = await settle(request);
    if (failure) {
      setCode(await onError(failure));
      return undefined;
    }
    return next;
  }

  const start = () =>
    run(
      () => call(smsOptIn(language)),
      (s) => t(s.status === 'subscribed' ? 'settings.communication.sms.isOn' : 'settings.communication.sms.sent'),
    );
  const stop = () =>
    run(
      () => call(smsOptOut(language)),
      () => t('settings.communication.sms.stopped'),
    );
  const check = () =>
    run(
      async () => {
        const [failure, next] = await settle(getCommunication(language));
        if (failure) {
          setCode(await onError(failure));
          return undefined;
        }
        return next.sms;
      },
      (s) =>
        t(s.status === 'subscribed' ? 'settings.communication.sms.isOn' : 'settings.communication.sms.stillPending'),
    );

  function body(s: SmsOptInState) {
    const phone = s.phoneNo ?? '';
    if (s.eligibility === 'no-phone')
      return (
        <>
          <p>{t('settings.communication.sms.noPhone')}</p>
          <div className="actions">
            <a className="button primary" href={phoneHref}>
              {t('settings.communication.sms.addPhone')}
            </a>
          </div>
        </>
      );
    if (s.eligibility !== 'eligible')
      return (
        <>
          <p>
            {s.eligibility === 'country'
              ? t('settings.communication.sms.country', { phone })
              : t('settings.communication.sms.age')}
          </p>
          {s.eligibility === 'country' && (
            <div className="actions">
              <a className="button" href={phoneHref}>
                {t('settings.communication.sms.changePhone')}
              </a>
            </div>
          )}
        </>
      );
    if (s.status === 'pending')
      return (
        <>
          <p>
            <span className="badge warn">{t('settings.communication.sms.pendingBadge')}</span>{' '}
            {t('settings.communication.sms.pending', { phone })}
          </p>
          <div className="actions">
            <button type="button" className="button primary" onClick={() => void check()}>
              {t('settings.communication.sms.check')}
            </button>
            <button type="button" className="button" onClick={() => void start()}>
              {t('settings.communication.sms.resend')}
            </button>
            <button type="button" className="button" onClick={() => void stop()}>
              {t('settings.communication.sms.cancel')}
            </button>
          </div>
        </>
      );
    if (s.status === 'subscribed')
      return (
        <>
          <p>
            <span className="badge on">{t('settings.common.on')}</span>{' '}
            {t('settings.communication.sms.subscribed', { phone })}
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={() => void stop()}>
              {t('settings.communication.sms.stop')}
            </button>
          </div>
        </>
      );
    return (
      <>
        <p>{t('settings.communication.sms.none', { phone })}</p>
        <div className="actions">
          <button type="button" className="button primary" onClick={() => void start()}>
            {t('settings.communication.sms.start')}
          </button>
        </div>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="sms-heading" aria-busy={busy || undefined}>
      <h2 id="sms-heading">{t('settings.communication.sms.heading')}</h2>
      <p className="muted">{t('settings.communication.sms.intro')}</p>
      <FormError message={error?.message} />
      {sms === null
        ? !communicationFailed && <p className="loading-line">{t('settings.common.loading')}</p>
        : body(sms)}
      <p className="status-line" role="status">
        {status}
      </p>
    </section>
  );
}
