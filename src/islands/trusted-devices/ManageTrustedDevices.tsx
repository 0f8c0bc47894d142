/**
 * setting/manage-trusted-devices (spec §2, §3, issue 6): the account's trusted
 * devices — name, type (UNDEFINED shown empty), date added, last sign-in,
 * registration location, days until the trust expires — with rename, remove
 * one, remove all, and trusting this device when it is not in the list.
 */
import { useMemo, useRef, useState } from 'react';
import { listTrustedDevices, removeAllTrustedDevices, removeTrustedDevice } from '../../client/api/trusted-devices';
import { localClock } from '../../client/api/options';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { routeHref } from '../../client/navigation/href';
import { getDeviceId } from '../../client/stores/device';
import { createT, type MessageKey, type Strings } from '../../client/t';
import { htmlLang, serverLocaleCode, type Locale } from '../../i18n/locales';
import type { TrustedDevice } from '../../shared/contract/trusted-devices';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { useLoaded } from '../shared/use-loaded';
import { useHydrated, usePageQuery } from '../shared/use-page-query';
import { refreshAccount } from '../shared/refresh-account';
import { handleSettingsError } from '../settings/handle-error';
import type { DialogContext } from './device-dialogs';
import type { DeviceNameResult } from './DeviceNameDialog';
import { formatDate } from '../shared/date-format';
import { deviceTypeKey, orderDevices } from './format';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

/** The dialogs, their checks and error handling load with the first action, not with the page (page budget). */
const dialogs = () => import('./device-dialogs');

export interface ManageTrustedDevicesProps {
  strings: Strings;
  locale: Locale;
}

export function ManageTrustedDevices({ strings, locale }: ManageTrustedDevicesProps) {
  const t = createT(strings);
  const ctx: DialogContext = { t };
  const query = usePageQuery();
  const lang = htmlLang(locale);
  // This browser's device id is in its storage, which the built HTML cannot know: read once hydrated.
  const hydrated = useHydrated();
  const thisDevice = useMemo(() => (hydrated ? getDeviceId() : undefined), [hydrated]);
  const submit = useSubmit();
  const { busy, code: formCode, setCode: setFormCode } = submit;
  const formText = useErrorText(strings, formCode);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const list = useLoaded(async () => {
    const [error, result] = await settle(listTrustedDevices());
    if (!error) return result.trustedDevices;
    // Failed as soon as the call did; the settings handler (dialogs, navigation) follows.
    void handleSettingsError(error).then((outcome) => {
      if (outcome.kind === 'form') setFormCode(outcome.code);
    });
    throw error;
  });
  const load = list.refresh;

  async function fail(error: ApiError) {
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  /** After a change: reload the list and the account (its trusted-device count), and say what happened. */
  async function changed(noticeKey: MessageKey, vars?: Record<string, string>) {
    setNotice(t(noticeKey, vars));
    await Promise.all([load(), refreshAccount()]);
  }

  async function afterNameDialog(result: DeviceNameResult, noticeKey: MessageKey) {
    if (result.kind === 'saved') await changed(noticeKey, { name: result.name });
    else if (result.kind === 'failed') await fail(result.error);
  }

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setNotice(undefined);
    await submit.run(work);
  }

  const rename = (device: TrustedDevice) =>
    run(async () => {
      await afterNameDialog(await (await dialogs()).renameDevice(ctx, device), 'trustedDevices.renamed');
    });

  const remove = (device: TrustedDevice) =>
    run(async () => {
      if (!(await (await dialogs()).confirmRemoveDevice(device.name))) return;
      const [error] = await settle(
        removeTrustedDevice({ deviceId: device.deviceId, language: serverLocaleCode(locale), ...localClock() }),
      );
      if (error) await fail(error);
      else {
        await changed('trustedDevices.removed', { name: device.name });
        headingRef.current?.focus();
      }
    });

  const removeAll = () =>
    run(async () => {
      if (!(await (await dialogs()).confirmRemoveAll())) return;
      const [error] = await settle(removeAllTrustedDevices({ language: serverLocaleCode(locale), ...localClock() }));
      if (error) await fail(error);
      else {
        await changed('trustedDevices.removedAll');
        headingRef.current?.focus();
      }
    });

  const trustThis = () =>
    run(async () => {
      await afterNameDialog(await (await dialogs()).addThisDevice(ctx), 'trustedDevices.added');
    });

  const devices = list.status === 'ready' ? orderDevices(list.data, thisDevice) : [];
  const thisListed = thisDevice !== undefined && devices.some((d) => d.deviceId === thisDevice);

  return (
    <>
      <section className="card" aria-labelledby="devices-heading">
        <h1 id="devices-heading" ref={headingRef} tabIndex={-1}>
          {t('trustedDevices.heading')}
        </h1>
        <p className="muted">{t('trustedDevices.intro')}</p>
        <FormError message={formText?.message} />
        <p role="status" className="status-line">
          {notice ?? ''}
        </p>
        {list.status === 'loading' && <p className="loading-line">{t('settings.common.loading')}</p>}
        {list.status === 'failed' && (
          <p>
            {t('trustedDevices.loadFailed')}{' '}
            <button type="button" className="button link" onClick={list.retry}>
              {t('settings.common.retry')}
            </button>
          </p>
        )}
        {list.status === 'ready' && devices.length === 0 && <p>{t('trustedDevices.empty')}</p>}
        {devices.length > 0 && (
          <ul className="item-list" aria-label={t('trustedDevices.listLabel')}>
            {devices.map((device) => {
              const typeKey = deviceTypeKey(device.type);
              const headingId = `device-${device.deviceId}`;
              return (
                <li key={device.deviceId} className="item">
                  <h2 id={headingId} className="item-title">
                    {device.name}
                    {device.deviceId === thisDevice && (
                      <span className="badge on">{t('trustedDevices.thisDevice')}</span>
                    )}
                  </h2>
                  <dl className="device-meta">
                    <dt>{t('trustedDevices.field.type')}</dt>
                    <dd>{typeKey === undefined ? '' : t(typeKey)}</dd>
                    <dt>{t('trustedDevices.field.added')}</dt>
                    <dd>{formatDate(device.addedAt, lang, 'date')}</dd>
                    <dt>{t('trustedDevices.field.lastLogin')}</dt>
                    <dd>{device.lastLoginAt === null ? '' : formatDate(device.lastLoginAt, lang, 'dateTime')}</dd>
                    <dt>{t('trustedDevices.field.location')}</dt>
                    <dd>{device.location ?? ''}</dd>
                    <dt>{t('trustedDevices.field.expiresIn')}</dt>
                    <dd>{String(device.expiresInDays)}</dd>
                  </dl>
                  <div className="actions">
                    <button
                      type="button"
                      // While an action runs (and the list reloads after it) a click would be dropped: say so.
                      disabled={busy}
                      className="button"
                      aria-label={t('trustedDevices.renameNamed', { name: device.name })}
                      onClick={() => void rename(device)}
                    >
                      {t('trustedDevices.rename')}
                    </button>
                    <button
                      type="button"
                      // While an action runs (and the list reloads after it) a click would be dropped: say so.
                      disabled={busy}
                      className="button"
                      aria-label={t('trustedDevices.removeNamed', { name: device.name })}
                      onClick={() => void remove(device)}
                    >
                      {t('trustedDevices.remove.button')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <div className="actions">
          {list.status === 'ready' && !thisListed && (
            <button type="button" className="button primary" disabled={busy} onClick={() => void trustThis()}>
              {t('trustedDevices.trustThis')}
            </button>
          )}
          {devices.length > 0 && (
            <button type="button" className="button" disabled={busy} onClick={() => void removeAll()}>
              {t('trustedDevices.removeAll.button')}
            </button>
          )}
          <a className="button link" href={routeHref(locale, { route: routes.security }, query)}>
            {t('trustedDevices.backToSecurity')}
          </a>
        </div>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default ManageTrustedDevices;
