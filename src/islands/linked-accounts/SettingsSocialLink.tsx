/**
 * settings/social-link/{socialProvider} (spec §2): finishes a link started from the linked-account tab. The
 * provider's callback (actionType socialLink, ../social/callback.ts) brings the code and `state` here; the link
 * call exchanges them and links the identity, then the tab shows it. The refusals of a link — 20009/20109 the
 * identity belongs to another account, 20087/20088 the streaming account is already linked, 20010 its email is
 * another account's — are shown here with the way back; anything else goes through the settings handling.
 */
import { useEffect, useReducer } from 'react';
import { linkSocialAccount } from '../../client/api/social';
import { settle } from '../../client/http/settle';
import { goTo } from '../../client/navigation/page';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { handleSettingsError } from '../settings/handle-error';
import { PROVIDER_NAMES, type SocialProvider } from '../social/providers';

/** Spec §8: the link refusals this screen explains itself. */
export const LINK_REFUSALS: ReadonlySet<string> = new Set(['20009', '20109', '20087', '20088', '20010']);

export type SettingsSocialLinkState =
  | { readonly kind: 'working' }
  | { readonly kind: 'leaving' }
  | { readonly kind: 'failed'; readonly code: string | undefined };

export type SettingsSocialLinkEvent = { readonly type: 'linked' } | { readonly type: 'failed'; readonly code?: string };

export function settingsSocialLinkReducer(
  _state: SettingsSocialLinkState,
  event: SettingsSocialLinkEvent,
): SettingsSocialLinkState {
  return event.type === 'linked' ? { kind: 'leaving' } : { kind: 'failed', code: event.code };
}

export interface SettingsSocialLinkProps {
  strings: Strings;
  locale: Locale;
  provider: SocialProvider;
  /** The linked-account tab, built at build time (the page ships no route table). */
  linkedPath: string;
}

async function link(provider: SocialProvider): Promise<SettingsSocialLinkEvent> {
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const state = query.get('state');
  // A reload must not spend the single-use code again.
  history.replaceState(history.state, '', location.pathname);
  if (code === null || state === null) return { type: 'failed' };
  const [error] = await settle(linkSocialAccount({ tpaType: provider, code, state }));
  if (!error) return { type: 'linked' };
  if (LINK_REFUSALS.has(error.code)) return { type: 'failed', code: error.code };
  const outcome = await handleSettingsError(error);
  return { type: 'failed', ...(outcome.kind === 'form' ? { code: outcome.code } : {}) };
}

export function SettingsSocialLink({ strings, provider, linkedPath }: SettingsSocialLinkProps) {
  const t = createT(strings);
  const [state, dispatch] = useReducer(settingsSocialLinkReducer, { kind: 'working' });
  const errorText = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);
  const name = PROVIDER_NAMES[provider];

  useEffect(() => {
    void link(provider).then((event) => {
      dispatch(event);
      if (event.type === 'linked') goTo(`${linkedPath}?linked=${provider}`, true);
    });
  }, [provider, linkedPath]);

  return (
    <section className="card" aria-labelledby="social-link-settings-heading" aria-busy={state.kind !== 'failed'}>
      <h1 id="social-link-settings-heading">{t('linkedAccounts.socialLink.heading', { provider: name })}</h1>
      {state.kind === 'failed' ? (
        <>
          {state.code === undefined ? (
            <p role="alert">{t('linkedAccounts.socialLink.failed', { provider: name })}</p>
          ) : (
            <FormError message={errorText?.message} />
          )}
          <p>
            <a className="button primary" href={linkedPath}>
              {t('linkedAccounts.socialLink.back')}
            </a>
          </p>
        </>
      ) : (
        <p role="status">
          <span className="spinner small" aria-hidden="true" />{' '}
          {t('linkedAccounts.socialLink.working', { provider: name })}
        </p>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
