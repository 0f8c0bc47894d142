/**
 * Personal info (spec §2 setting/personal-info): what the account holds about
 * the player — full name (editable here), player tag, email and whether it is
 * verified (with the resend action), country, birth month and year, membership
 * number — with the ways to change the tag and the email, and a link to the
 * saved payment cards (setting/manage-payment-methods). Changing anything
 * needs a verified email (spec §4): until then the screen says so and offers
 * the verification link instead of the changes.
 */
import { lazy, Suspense, useState } from 'react';
import { routeHref, type RoutePath } from '../../../client/navigation/href';
import * as routes from '../../../routes/refs';
import { createT, type Strings } from '../../../client/t';
import { htmlLang, type Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { refreshAccount } from '../../shared/refresh-account';
import { usePageQuery } from '../../shared/use-page-query';
import { formatPlayerTag, useAccount } from '../account';
import { handleSettingsError } from '../handle-error';
import { useResendVerification } from './resend-verification';

export interface PersonalInfoProps {
  strings: Strings;
  locale: Locale;
}

/** The name form loads when the player opens it. */
const NameEditor = lazy(() => import('./NameEditor'));

function countryName(locale: Locale, code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  try {
    return new Intl.DisplayNames([htmlLang(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "May 1990" in the page's language (the account holds month and year only). */
function birthText(locale: Locale, month: number | null | undefined, year: number | null | undefined) {
  if (!month || !year) return undefined;
  return new Intl.DateTimeFormat(htmlLang(locale), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}

export function PersonalInfo({ strings, locale }: PersonalInfoProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [formCode, setFormCode] = useState<string | undefined>(undefined);
  const { sent, sending, resend } = useResendVerification(locale, setFormCode);
  const formText = useErrorText(strings, formCode);
  const href = (route: RoutePath) => routeHref(locale, { route }, query);

  async function onFailed(error: Parameters<typeof handleSettingsError>[0]) {
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  async function onSaved() {
    await refreshAccount();
    setEditing(false);
    setSaved(true);
  }

  const notSet = <span className="muted">{t('settings.personalInfo.notSet')}</span>;
  const account = view.status === 'ready' ? view.account : undefined;
  const verified = account?.emailVerified === true;
  const renames = account?.renamesRemaining ?? 0;
  const canRename = account !== undefined && (account.playerTag == null || renames > 0);

  return (
    <>
      <section className="card" aria-labelledby="personal-info-heading">
        <h1 id="personal-info-heading">{t('settings.personalInfo.heading')}</h1>
        <p className="muted">{t('settings.personalInfo.intro')}</p>
        <FormError message={formText?.message} />
        <p className="status-line" role="status">
          {saved ? t('settings.personalInfo.nameSaved') : ''}
        </p>
        {view.status === 'loading' && (
          <p className="loading-line" role="status">
            {t('settings.personalInfo.loading')}
          </p>
        )}
        {view.status === 'unavailable' && <p>{t('settings.personalInfo.unavailable')}</p>}
        {account !== undefined && !verified && (
          <div className="alert" role="note">
            <p className="alert-text">{t('settings.personalInfo.verifyFirst')}</p>
          </div>
        )}
        {account !== undefined && (
          <dl className="facts">
            <dt>{t('settings.personalInfo.fullName')}</dt>
            <dd>
              {editing ? (
                <Suspense fallback={<span className="spinner small" aria-hidden="true" />}>
                  <NameEditor
                    t={t}
                    locale={locale}
                    initial={account.fullName ?? ''}
                    onSubmit={() => setFormCode(undefined)}
                    onSaved={() => void onSaved()}
                    onFailed={(error) => void onFailed(error)}
                    onCancel={() => setEditing(false)}
                  />
                </Suspense>
              ) : (
                <>
                  {account.fullName ? <span>{account.fullName}</span> : notSet}{' '}
                  {verified && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        setSaved(false);
                        setEditing(true);
                      }}
                    >
                      {t('settings.personalInfo.editName')}
                    </button>
                  )}
                </>
              )}
            </dd>
            <dt>{t('settings.personalInfo.playerTag')}</dt>
            <dd>
              {formatPlayerTag(account.playerTag) ?? notSet}{' '}
              {verified && canRename && (
                <a href={href(routes.changeName)}>{t('settings.personalInfo.changePlayerTag')}</a>
              )}
              <span className="muted">{t('settings.personalInfo.renamesLeft', { n: renames })}</span>
            </dd>
            <dt>{t('settings.personalInfo.email')}</dt>
            <dd>
              {account.email ?? notSet}
              {verified ? (
                <span className="badge on">{t('settings.personalInfo.verified')}</span>
              ) : (
                <span className="badge warn">{t('settings.personalInfo.notVerified')}</span>
              )}{' '}
              {verified && <a href={href(routes.changeEmail)}>{t('settings.personalInfo.changeEmail')}</a>}
              {!verified && (
                <p className="status-line">
                  {sent ? (
                    <span role="status">
                      {t('settings.personalInfo.verificationSent', { email: account.email ?? '' })}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      aria-disabled={sending || undefined}
                      onClick={() => void resend()}
                    >
                      {t('settings.personalInfo.sendVerification')}
                    </button>
                  )}
                </p>
              )}
            </dd>
            <dt>{t('settings.personalInfo.country')}</dt>
            <dd>{countryName(locale, account.countryCode) ?? notSet}</dd>
            <dt>{t('settings.personalInfo.birth')}</dt>
            <dd>{birthText(locale, account.birthMonth, account.birthYear) ?? notSet}</dd>
            <dt>{t('settings.personalInfo.membershipNo')}</dt>
            <dd>{account.membershipNo == null ? notSet : String(account.membershipNo)}</dd>
            <dt>{t('settings.personalInfo.paymentMethods')}</dt>
            <dd>
              <a href={href(routes.managePaymentMethods)}>{t('settings.personalInfo.managePaymentMethods')}</a>
            </dd>
          </dl>
        )}
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default PersonalInfo;
