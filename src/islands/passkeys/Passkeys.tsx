/**
 * The passkeys section of setting/security (issue 18; docs/passkeys.md): the
 * account's passkeys (name, added, last used, synced or this device only)
 * with add, rename and remove (the security-alerts choice is in communication
 * preferences: ../settings/communication/SecurityAlertsSection). Adding and
 * removing are factor changes: the API answers 20008 (N=9) when the session
 * must be verified first, and the settings error handler runs that
 * verification and brings the player back. After a change the player is
 * offered to sign out the other sessions.
 *
 * The page ships only this list: the browser's WebAuthn library, the dialogs
 * and the error handling load with the first action. The page's dialog host
 * is the security island's (one host per page).
 */
import { useState } from 'react';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { createT } from '../../client/t';
import { htmlLang } from '../../i18n/locales';
import type { IslandProps } from '../../layouts/screen';
import type { PasskeySummary } from '../../shared/contract/passkeys';
import { formatDate } from '../shared/date-format';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { useLoaded } from '../shared/use-loaded';
import { useHydrated } from '../shared/use-page-query';
import { useSubmit } from '../shared/use-submit';
import { handleSettingsError } from '../settings/handle-error';

// The calls too load on first use (after hydration): each API module is a file of its own, and the settings
// page's budget counts files before interaction (src/build/page-weight.ts).
const api = () => import('../../client/api/passkeys');
const clock = () => import('../../client/api/options').then((m) => m.localClock());
const dialogs = () => import('./dialogs');
const ceremony = () => import('../../client/passkeys/ceremony');

export function Passkeys({ strings, locale }: IslandProps) {
  const t = createT(strings);
  const list = useLoaded(() => api().then(async (m) => (await m.listPasskeys()).passkeys));
  const load = list.refresh;
  // Checked once hydrated: the built HTML cannot know the browser.
  const hydrated = useHydrated();
  const supported = !hydrated || typeof window.PublicKeyCredential === 'function';
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [notice, setNotice] = useState('');
  const error = useErrorText(strings, code);

  // Made with the first passkey listed, once a page (not on every render, nor for an empty list).
  const date = (iso: string) => formatDate(iso, htmlLang(locale), 'date');

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setNotice('');
    await submit.run(work);
  }

  /** A failed call: the settings handler (verification first, login…), or the code's text in the section. */
  async function failed(failure: ApiError) {
    const outcome = await handleSettingsError(failure);
    if (outcome.kind === 'form') setCode(outcome.code);
  }

  async function offerOthers() {
    const { offerSignOutOthers } = await import('../shared/sign-out-others');
    await offerSignOutOthers({ locale });
  }

  const add = () =>
    run(async () => {
      // Options first: a session that must be verified goes there before the player names anything.
      const calls = await api();
      const [startError, start] = await settle(calls.startPasskeyRegistration());
      if (startError) return failed(startError);
      const [, suggestion] = await settle(
        import('../../client/api/trusted-devices').then((m) => m.getTrustedDeviceNameSuggestion(false)),
      );
      const name = await (await dialogs()).askPasskeyName(t, suggestion?.suggestion ?? '');
      if (name === null) return;
      const { createPasskey, isCancelled } = await ceremony();
      let credential;
      try {
        credential = await createPasskey(start.options);
      } catch (e) {
        if (isCancelled(e)) setNotice(t('passkeys.cancelled'));
        else setCode('PASSKEY_REFUSED');
        return;
      }
      const [finishError] = await settle(calls.finishPasskeyRegistration({ name, credential, ...(await clock()) }));
      if (finishError) return failed(finishError);
      setNotice(t('passkeys.added', { name }));
      await load();
      await offerOthers();
    });

  const rename = (passkey: PasskeySummary) =>
    run(async () => {
      const name = await (await dialogs()).askPasskeyName(t, passkey.name);
      if (name === null || name === passkey.name) return;
      const calls = await api();
      const [failure] = await settle(calls.renamePasskey({ credentialId: passkey.credentialId, name }));
      if (failure) return failed(failure);
      setNotice(t('passkeys.renamed', { name }));
      await load();
    });

  const remove = (passkey: PasskeySummary) =>
    run(async () => {
      if (!(await (await dialogs()).confirmRemovePasskey(passkey.name))) return;
      const calls = await api();
      const [failure] = await settle(calls.removePasskey({ credentialId: passkey.credentialId, ...(await clock()) }));
      if (failure) return failed(failure);
      setNotice(t('passkeys.removed', { name: passkey.name }));
      await load();
      await offerOthers();
    });

  return (
    <section className="card" aria-labelledby="passkeys-heading" aria-busy={busy || undefined}>
      <h2 id="passkeys-heading">{t('passkeys.title')}</h2>
      <p className="muted">{t('passkeys.about')}</p>
      <FormError message={error?.message} />
      <p role="status" className="status-line">
        {notice}
      </p>
      {list.status === 'loading' && <p className="loading-line">{t('settings.common.loading')}</p>}
      {list.status === 'failed' && <p>{t('settings.common.unavailable')}</p>}
      {list.status === 'ready' && list.data.length === 0 && <p>{t('passkeys.none')}</p>}
      {list.status === 'ready' && list.data.length > 0 && (
        <ul className="item-list">
          {list.data.map((passkey) => (
            <li className="item" key={passkey.credentialId}>
              <h3 className="item-title">
                {passkey.name}{' '}
                <span className="badge">{t(passkey.synced ? 'passkeys.synced' : 'passkeys.deviceBound')}</span>
              </h3>
              <p className="muted">
                {t('passkeys.created', { date: date(passkey.createdAt) })} ·{' '}
                {passkey.lastUsedAt === null
                  ? t('passkeys.neverUsed')
                  : t('passkeys.lastUsed', { date: date(passkey.lastUsedAt) })}
              </p>
              <div className="actions">
                <button
                  type="button"
                  disabled={busy}
                  className="button"
                  aria-label={t('passkeys.rename', { name: passkey.name })}
                  onClick={() => void rename(passkey)}
                >
                  {t('passkeys.renameShort')}
                </button>
                <button
                  type="button"
                  disabled={busy}
                  className="button"
                  aria-label={t('passkeys.remove', { name: passkey.name })}
                  onClick={() => void remove(passkey)}
                >
                  {t('passkeys.removeShort')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        {supported ? (
          <button type="button" className="button primary" onClick={() => void add()}>
            {busy ? t('passkeys.adding') : t('passkeys.add')}
          </button>
        ) : (
          <p>{t('passkeys.unsupported')}</p>
        )}
      </div>
    </section>
  );
}

export default Passkeys;
