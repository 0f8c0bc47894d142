/**
 * The security page's "Connected apps" (issue 27; docs/identity-provider.md "Apps the player allowed"): every
 * app the player allowed to use the account, with what it may see and since when, and a way to remove it.
 * Removing asks first; the app then loses its sign-in (its tokens end) and must ask again.
 *
 * Rendered by the security page beside the sessions section and loaded with it (the same file: see
 * src/islands/mfa/security/SecurityPage.tsx). Its confirmation opens in the page's one dialog host.
 */
import { useRef, useState } from 'react';
import { listConnectedApps, revokeConnectedApp } from '../../../client/api/account-security';
import { confirmDialog } from '../../../client/dialogs/queue';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { createT, type MessageKey } from '../../../client/t';
import { htmlLang, serverLocaleCode } from '../../../i18n/locales';
import type { IslandProps } from '../../../layouts/screen';
import type { ConnectedApp } from '../../../shared/contract/account-security';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useLoaded } from '../../shared/use-loaded';
import { useSubmit } from '../../shared/use-submit';
import { handleSettingsError } from '../handle-error';
import { formatDate } from '../../shared/date-format';

/** The scopes with a sentence of their own; any other is shown by its name. */
const SCOPE_KEYS: Readonly<Record<string, MessageKey>> = {
  openid: 'settings.apps.scope.openid',
  profile: 'settings.apps.scope.profile',
  email: 'settings.apps.scope.email',
  offline_access: 'settings.apps.scope.offline_access',
};

export function ConnectedApps({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const lang = htmlLang(locale);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [notice, setNotice] = useState('');
  const error = useErrorText(strings, code);
  const headingRef = useRef<HTMLHeadingElement>(null);

  async function fail(failure: ApiError) {
    const outcome = await handleSettingsError(failure);
    if (outcome.kind === 'form') setCode(outcome.code);
  }

  const apps = useLoaded(async () => {
    const [failure, answer] = await settle(listConnectedApps());
    if (failure) {
      await fail(failure);
      return null;
    }
    return answer.apps;
  });

  async function remove(app: ConnectedApp) {
    if (busy) return;
    const yes = await confirmDialog({
      titleKey: 'settings.apps.removeTitle',
      messageKey: 'settings.apps.removeBody',
      messageVars: { app: app.name },
      confirmKey: 'settings.apps.removeConfirm',
    });
    if (!yes) return;
    setNotice('');
    await submit.run(async () => {
      const [failure] = await settle(
        revokeConnectedApp({ clientId: app.clientId, language: serverLocaleCode(locale) }),
      );
      if (failure) {
        await fail(failure);
        return;
      }
      setNotice(t('settings.apps.removed', { app: app.name }));
      // Focus goes to the section's heading, not to a button that is gone.
      headingRef.current?.focus();
      await apps.refresh();
    });
  }

  const list = apps.status === 'ready' ? apps.data : undefined;
  return (
    <section className="card" aria-labelledby="connected-apps-heading" aria-busy={apps.status === 'loading' || busy}>
      <h2 id="connected-apps-heading" ref={headingRef} tabIndex={-1}>
        {t('settings.apps.heading')}
      </h2>
      <p className="muted">{t('settings.apps.about')}</p>
      <FormError message={error?.message} />
      {notice !== '' && <p role="status">{notice}</p>}
      {list === null && <p>{t('settings.apps.failed')}</p>}
      {list !== undefined && list !== null && list.length === 0 && <p>{t('settings.apps.none')}</p>}
      {list !== undefined && list !== null && list.length > 0 && (
        <ul className="item-list" aria-label={t('settings.apps.listLabel')}>
          {list.map((app) => (
            <li key={app.clientId} className="item">
              <h3 className="item-title">{app.name}</h3>
              <dl className="device-meta">
                <dt>{t('settings.apps.site')}</dt>
                <dd>{app.site}</dd>
                <dt>{t('settings.apps.allowed')}</dt>
                <dd>{app.scopes.map((s) => (SCOPE_KEYS[s] === undefined ? s : t(SCOPE_KEYS[s]))).join(', ')}</dd>
                <dt>{t('settings.apps.since')}</dt>
                <dd>{formatDate(app.grantedAt, lang, 'dateTime')}</dd>
              </dl>
              <div className="actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={t('settings.apps.removeNamed', { app: app.name })}
                  onClick={() => void remove(app)}
                >
                  {t('settings.apps.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
