/**
 * The security page's account sections (issue 12 part B), beside the
 * two-factor island: the password (change, or create when the account has
 * none), devices and sessions (every signed-in session with its device,
 * country and times, this device first; sign out one, sign out all others),
 * and the recent security activity (the last 30 sign-ins and security
 * changes, with a "this wasn't me" way to change the password).
 *
 * Dialogs open in the page's one dialog host, which the two-factor island
 * renders (src/screens/security.astro): a second host would show each twice.
 */
import { useRef, useState } from 'react';
import { listActivity, listSessions, revokeOtherSessions, revokeSession } from '../../../client/api/account-security';
import { confirmDialog } from '../../../client/dialogs/queue';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { createT } from '../../../client/t';
import { htmlLang, serverLocaleCode } from '../../../i18n/locales';
import type { IslandProps } from '../../../layouts/screen';
import type { SignedInSession } from '../../../shared/contract/account-security';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useAccount } from '../account';
import { handleSettingsError } from '../handle-error';
import { useLoaded } from '../../shared/use-loaded';
import { useSubmit } from '../../shared/use-submit';
import { formatDate } from '../../shared/date-format';
import { countryName, deviceText } from './format';
import * as routes from '../../../routes/refs';

// The security page's connected apps come with this file (src/islands/mfa/security/SecurityPage.tsx): one file.
export { ConnectedApps } from '../apps/ConnectedApps';

type ListView<T> =
  { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; items: readonly T[] };

/** One list of the load: undefined while loading, null when its call failed. */
function listState<T>(items: readonly T[] | null | undefined): ListView<T> {
  if (items === undefined) return { status: 'loading' };
  return items === null ? { status: 'failed' } : { status: 'ready', items };
}

export function AccountSessions({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const lang = htmlLang(locale);
  const view = useAccount();
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState('');
  const error = useErrorText(strings, code);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Both lists in one load: when both fail, the settings handler runs once (for the first failure).
  const lists = useLoaded(async () => {
    const [[sError, s], [aError, a]] = await Promise.all([settle(listSessions()), settle(listActivity())]);
    const failure = sError ?? aError;
    if (failure) await fail(failure);
    return { sessions: sError ? null : s.sessions, activity: aError ? null : a.events };
  });
  const load = lists.refresh;
  const sessions = listState(lists.status === 'ready' ? lists.data.sessions : undefined);
  const activity = listState(lists.status === 'ready' ? lists.data.activity : undefined);

  async function fail(failure: ApiError) {
    const outcome = await handleSettingsError(failure);
    if (outcome.kind === 'form') setCode(outcome.code);
  }

  async function run(work: () => Promise<string | undefined>) {
    if (busy) return;
    setNotice('');
    await submit.run(async () => {
      const said = await work();
      if (said !== undefined) {
        setNotice(said);
        headingRef.current?.focus();
        await load();
      }
    });
  }

  const language = serverLocaleCode(locale);
  const signOut = (s: SignedInSession) =>
    run(async () => {
      const [failure] = await settle(revokeSession({ sessionId: s.sessionId, language }));
      if (failure) {
        await fail(failure);
        return undefined;
      }
      return t('settings.sessions.signedOut', { device: deviceText(t, s.browser, s.os) });
    });
  const signOutOthers = () =>
    run(async () => {
      const yes = await confirmDialog({
        titleKey: 'settings.sessions.othersTitle',
        messageKey: 'settings.sessions.othersBody',
        confirmKey: 'settings.sessions.othersConfirm',
      });
      if (!yes) return undefined;
      const [failure, result] = await settle(revokeOtherSessions({ language }));
      if (failure) {
        await fail(failure);
        return undefined;
      }
      return t('settings.sessions.signedOutOthers', { count: result.endedSessions });
    });

  const download = () =>
    run(async () => {
      setDownloading(true);
      try {
        const { downloadAccountData } = await import('./account-actions');
        const failure = await downloadAccountData();
        if (failure) {
          await fail(failure);
          return undefined;
        }
        setNotice(t('settings.data.downloaded'));
        return undefined;
      } finally {
        setDownloading(false);
      }
    });
  const remove = () =>
    run(async () => {
      const { deleteAccount } = await import('./account-actions');
      const failure = await deleteAccount(locale);
      if (failure) await fail(failure);
      return undefined;
    });

  const hasPassword = view.status === 'ready' ? view.account.hasPassword !== false : true;
  const passwordHref = routeHref(locale, {
    route: routes.settingPassword,
    params: { type: hasPassword ? 'change' : 'create' },
  });
  const others = sessions.status === 'ready' ? sessions.items.filter((s) => !s.current).length : 0;

  return (
    <section className="card" aria-labelledby="account-sessions-heading">
      <h2 id="account-sessions-heading" ref={headingRef} tabIndex={-1}>
        {t('settings.sessions.password')}
      </h2>
      <p className="muted">{t(hasPassword ? 'settings.sessions.passwordAbout' : 'settings.sessions.noPassword')}</p>
      <div className="actions">
        <a className="button" href={passwordHref}>
          {t(hasPassword ? 'settings.sessions.changePassword' : 'settings.sessions.createPassword')}
        </a>
      </div>
      <FormError message={error?.message} />
      <p role="status" className="status-line">
        {notice}
      </p>

      <h2>{t('settings.sessions.heading')}</h2>
      <p className="muted">{t('settings.sessions.intro')}</p>
      {sessions.status === 'loading' && <p className="loading-line">{t('settings.common.loading')}</p>}
      {sessions.status === 'failed' && <p>{t('settings.sessions.loadFailed')}</p>}
      {sessions.status === 'ready' && (
        <ul className="item-list" aria-label={t('settings.sessions.listLabel')}>
          {sessions.items.map((s) => {
            const device = deviceText(t, s.browser, s.os);
            return (
              <li key={s.sessionId} className="item">
                <h3 className="item-title">
                  {device}
                  {s.current && <span className="badge on">{t('settings.sessions.thisDevice')}</span>}
                </h3>
                <dl className="device-meta">
                  <dt>{t('settings.sessions.location')}</dt>
                  <dd>{countryName(s.country, lang) || t('settings.sessions.unknownLocation')}</dd>
                  <dt>{t('settings.sessions.signedIn')}</dt>
                  <dd>{formatDate(s.signedInAt, lang, 'dateTime')}</dd>
                  <dt>{t('settings.sessions.lastActive')}</dt>
                  <dd>{formatDate(s.lastActiveAt, lang, 'dateTime')}</dd>
                </dl>
                {!s.current && (
                  <div className="actions">
                    <button
                      type="button"
                      disabled={busy}
                      className="button"
                      aria-label={t('settings.sessions.signOutNamed', { device })}
                      onClick={() => void signOut(s)}
                    >
                      {t('settings.sessions.signOut')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {others > 0 && (
        <div className="actions">
          <button type="button" className="button" disabled={busy} onClick={() => void signOutOthers()}>
            {t('settings.sessions.signOutOthers')}
          </button>
        </div>
      )}

      <h2>{t('settings.activity.heading')}</h2>
      <p className="muted">{t('settings.activity.intro')}</p>
      {activity.status === 'loading' && <p className="loading-line">{t('settings.common.loading')}</p>}
      {activity.status === 'failed' && <p>{t('settings.activity.loadFailed')}</p>}
      {activity.status === 'ready' && activity.items.length === 0 && <p>{t('settings.activity.empty')}</p>}
      {activity.status === 'ready' && activity.items.length > 0 && (
        <ol className="activity-list" aria-label={t('settings.activity.listLabel')}>
          {activity.items.map((e, i) => (
            <li key={`${e.at}-${String(i)}`}>
              <strong>{t(`settings.activity.event.${e.event}`)}</strong>
              <span className="muted">
                {' · '}
                {formatDate(e.at, lang, 'dateTime')}
                {' · '}
                {deviceText(t, e.browser, e.os)}
                {e.country === null ? '' : ` · ${countryName(e.country, lang)}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p>
        {t('settings.activity.notMe')}{' '}
        <a
          href={routeHref(locale, {
            route: routes.settingPassword,
            params: { type: hasPassword ? 'change' : 'create' },
          })}
        >
          {t('settings.activity.notMeLink')}
        </a>
      </p>

      <h2>{t('settings.data.heading')}</h2>
      <p className="muted">{t('settings.data.intro')}</p>
      <div className="actions">
        <button type="button" className="button" aria-busy={downloading} onClick={() => void download()}>
          {t(downloading ? 'settings.data.downloading' : 'settings.data.download')}
        </button>
      </div>

      <h2>{t('settings.deletion.heading')}</h2>
      <p className="muted">{t('settings.deletion.intro')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => void remove()}>
          {t('settings.deletion.button')}
        </button>
      </div>
    </section>
  );
}

export default AccountSessions;
