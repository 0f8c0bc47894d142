/**
 * Account overview (spec §2 setting/account-overview): the account at a
 * glance from GET /account — email and whether it is verified, player tag,
 * country, two-step verification, trusted devices — with links to the
 * screens that change them, and sign out.
 */
import { useState } from 'react';
import { routeHref, type RoutePath } from '../../../client/navigation/href';
import * as routes from '../../../routes/refs';
import { createT, type Strings } from '../../../client/t';
import { htmlLang, type Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { usePageQuery } from '../../shared/use-page-query';
import { formatPlayerTag, useAccount } from '../account';
import { useResendVerification } from '../profile/resend-verification';
import { enabledFactors } from '../two-factor';

export interface AccountOverviewProps {
  strings: Strings;
  locale: Locale;
}

function countryName(locale: Locale, code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  try {
    return new Intl.DisplayNames([htmlLang(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function AccountOverview({ strings, locale }: AccountOverviewProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  // Not useSubmit: signing out leaves the page and shows no refusal; the flag only holds off a second click.
  const [signingOut, setSigningOut] = useState(false);
  const [formCode, setFormCode] = useState<string | undefined>(undefined);
  const { sent, sending, resend } = useResendVerification(locale, setFormCode);
  const formText = useErrorText(strings, formCode);
  const href = (route: RoutePath) => routeHref(locale, { route }, query);

  const notSet = <span className="muted">{t('settings.overview.notSet')}</span>;

  return (
    <>
      <section className="card" aria-labelledby="overview-heading">
        <h1 id="overview-heading">{t('settings.overview.heading')}</h1>
        <p className="muted">{t('settings.overview.intro')}</p>
        <FormError message={formText?.message} />
        {view.status === 'loading' && (
          <p className="loading-line" role="status">
            {t('settings.common.loading')}
          </p>
        )}
        {view.status === 'unavailable' && <p>{t('settings.common.unavailable')}</p>}
        {view.status === 'ready' && (
          <dl className="facts">
            <dt>{t('settings.overview.email')}</dt>
            <dd>
              {view.account.email ?? notSet}
              {view.account.emailVerified === true ? (
                <span className="badge on">{t('settings.overview.verified')}</span>
              ) : (
                <span className="badge warn">{t('settings.overview.notVerified')}</span>
              )}
              {view.account.emailVerified !== true && (
                <p className="status-line">
                  {sent ? (
                    <span role="status">
                      {t('settings.overview.verificationSent', { email: view.account.email ?? '' })}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      aria-disabled={sending || undefined}
                      onClick={() => void resend()}
                    >
                      {t('settings.overview.sendVerification')}
                    </button>
                  )}
                </p>
              )}
            </dd>
            <dt>{t('settings.overview.playerTag')}</dt>
            <dd>{formatPlayerTag(view.account.playerTag) ?? notSet}</dd>
            <dt>{t('settings.overview.country')}</dt>
            <dd>{countryName(locale, view.account.countryCode) ?? notSet}</dd>
            <dt>{t('settings.overview.twoFactor')}</dt>
            <dd>
              {enabledFactors(view.account).length > 0 ? (
                <>
                  <span className="badge on">{t('settings.common.on')}</span>{' '}
                  {enabledFactors(view.account)
                    .map((f) => t(`mfa.method.${f}`))
                    .join(', ')}
                </>
              ) : (
                <span className="badge">{t('settings.common.off')}</span>
              )}{' '}
              <a href={href(routes.security)}>{t('settings.overview.manageSecurity')}</a>
            </dd>
            <dt>{t('settings.overview.trustedDevices')}</dt>
            <dd>
              {String(view.account.trustedDeviceCount ?? 0)}{' '}
              <a href={href(routes.manageTrustedDevices)}>{t('settings.overview.manageDevices')}</a>
            </dd>
          </dl>
        )}
        <div className="actions">
          <button
            type="button"
            className="button"
            aria-disabled={signingOut || undefined}
            onClick={() => {
              if (signingOut) return;
              setSigningOut(true);
              // Signing out (the launcher bridge, the cookie rules) loads when the player asks for it.
              void import('../sign-out').then(({ signOut }) => signOut());
            }}
          >
            {signingOut ? t('settings.overview.signingOut') : t('settings.overview.signOut')}
          </button>
        </div>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default AccountOverview;
