/**
 * The linked-account settings tab (spec §2 setting/linked-account, §3 linked social account): the providers
 * linked to the account (type and the email each shared), a link for each provider of the region not linked yet
 * (the provider's sign-in with actionType socialLink, finished on settings/social-link/{provider}), and unlink
 * with a confirmation. Unlinking the last way to sign in is refused (NEED_TO_SET_PASSWORD), which opens the
 * create-password flow through the settings error handling.
 */
import region from '@region';
import { useReducer } from 'react';
import { unlinkSocialAccount } from '../../client/api/social';
import { confirmDialog } from '../../client/dialogs/queue';
import { settle } from '../../client/http/settle';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { refreshAccount } from '../shared/refresh-account';
import { usePageQuery } from '../shared/use-page-query';
import { useAccount } from '../settings/account';
import { handleSettingsError } from '../settings/handle-error';
import { isSocialProvider, KNOWN_PROVIDERS, PROVIDER_NAMES, type SocialProvider } from '../social/providers';
import { socialStartHref } from '../social/start-url';
import './linked-accounts.css';

export interface LinkedAccountsProps {
  strings: Strings;
  locale: Locale;
}

interface Linked {
  readonly type: SocialProvider;
  readonly email: string | null;
}

export type LinkedAccountsState = {
  /** The list after this page's own unlink; the account store's until then. */
  readonly list: readonly Linked[] | undefined;
  readonly busy: SocialProvider | undefined;
  readonly formCode: string | undefined;
  readonly unlinked: SocialProvider | undefined;
};

export type LinkedAccountsEvent =
  | { readonly type: 'unlinking'; readonly provider: SocialProvider }
  | { readonly type: 'unlinked'; readonly provider: SocialProvider; readonly list: readonly Linked[] }
  | { readonly type: 'failed'; readonly code: string | undefined }
  | { readonly type: 'cancelled' };

export function linkedAccountsReducer(state: LinkedAccountsState, event: LinkedAccountsEvent): LinkedAccountsState {
  switch (event.type) {
    case 'unlinking':
      return { ...state, busy: event.provider, formCode: undefined, unlinked: undefined };
    case 'unlinked':
      return { list: event.list, busy: undefined, formCode: undefined, unlinked: event.provider };
    case 'failed':
      return { ...state, busy: undefined, formCode: event.code };
    case 'cancelled':
      return { ...state, busy: undefined };
  }
}

/** The account store keeps provider types as strings; the list shows the providers this portal knows. */
function known(list: readonly { readonly type: string; readonly email?: string | null | undefined }[]): Linked[] {
  return list.flatMap((linked) =>
    isSocialProvider(linked.type, KNOWN_PROVIDERS) ? [{ type: linked.type, email: linked.email ?? null }] : [],
  );
}

export function LinkedAccounts({ strings, locale }: LinkedAccountsProps) {
  const t = createT(strings);
  const view = useAccount();
  const query = usePageQuery();
  const [state, dispatch] = useReducer(linkedAccountsReducer, {
    list: undefined,
    busy: undefined,
    formCode: undefined,
    unlinked: undefined,
  });
  const errorText = useErrorText(strings, state.formCode);
  const list = state.list ?? (view.status === 'ready' ? known(view.account.tpaAccountList) : undefined);
  const linkedNow = query.get('linked') ?? undefined;
  const notLinked = region.socialProviders.filter((p) => !(list ?? []).some((linked) => linked.type === p));

  async function unlink(provider: SocialProvider) {
    const name = PROVIDER_NAMES[provider];
    dispatch({ type: 'unlinking', provider });
    const ok = await confirmDialog({
      titleKey: 'linkedAccounts.tab.unlinkConfirm.title',
      messageKey: 'linkedAccounts.tab.unlinkConfirm.body',
      messageVars: { provider: name },
      confirmKey: 'linkedAccounts.tab.unlinkConfirm.confirm',
    });
    if (!ok) {
      dispatch({ type: 'cancelled' });
      return;
    }
    const [error, result] = await settle(unlinkSocialAccount(provider));
    if (error) {
      const outcome = await handleSettingsError(error);
      dispatch({ type: 'failed', code: outcome.kind === 'form' ? outcome.code : undefined });
      return;
    }
    dispatch({ type: 'unlinked', provider, list: result.tpaAccountList });
    // The rest of settings (account overview, security) reads the store.
    void refreshAccount();
  }

  return (
    <section className="card" aria-labelledby="linked-accounts-heading">
      <h1 id="linked-accounts-heading">{t('linkedAccounts.tab.heading')}</h1>
      <p className="muted">{t('linkedAccounts.tab.intro')}</p>
      <FormError message={errorText?.message} />
      <p className="status-line" role="status">
        {state.unlinked !== undefined
          ? t('linkedAccounts.tab.unlinked', { provider: PROVIDER_NAMES[state.unlinked] })
          : isSocialProvider(linkedNow, KNOWN_PROVIDERS)
            ? t('linkedAccounts.tab.linked', { provider: PROVIDER_NAMES[linkedNow] })
            : ''}
      </p>
      {view.status === 'loading' && state.list === undefined && <p role="status">{t('linkedAccounts.tab.loading')}</p>}
      {view.status === 'unavailable' && <p>{t('linkedAccounts.tab.unavailable')}</p>}
      {list !== undefined && (
        <>
          <h2>{t('linkedAccounts.tab.listHeading')}</h2>
          {list.length === 0 ? (
            <p>{t('linkedAccounts.tab.empty')}</p>
          ) : (
            <ul className="linked-list">
              {list.map((linked) => (
                <li key={linked.type}>
                  <span>
                    <strong>{PROVIDER_NAMES[linked.type]}</strong>{' '}
                    <span className="muted">{linked.email ?? t('linkedAccounts.tab.noEmail')}</span>
                  </span>
                  <button
                    type="button"
                    className="button"
                    disabled={state.busy !== undefined}
                    aria-label={t('linkedAccounts.tab.unlinkLabel', { provider: PROVIDER_NAMES[linked.type] })}
                    onClick={() => void unlink(linked.type)}
                  >
                    {t('linkedAccounts.tab.unlink')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {notLinked.length > 0 && (
            // Hidden while ops have provider sign-in switched off (docs/social.md): linking starts one.
            <div data-social-start="">
              <h2>{t('linkedAccounts.tab.linkHeading')}</h2>
              <ul className="linked-list">
                {notLinked.map((provider) => (
                  <li key={provider}>
                    <a className="button" href={socialStartHref(provider, { locale, actionType: 'socialLink' })}>
                      {t('linkedAccounts.tab.link', { provider: PROVIDER_NAMES[provider] })}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
