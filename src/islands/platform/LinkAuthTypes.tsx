/**
 * global/{platform}/verify-linking/auth-types (spec §2): the account whose
 * password was given has several second factors; the player picks one.
 */
import { useState } from 'react';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import type { ConsolePlatform } from '../../shared/contract/platform';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { platformFailure } from './failure';
import { platformNameKey } from './platform-name';
import { usePendingLink } from './use-linking';
import { LINK_VERIFY_ROUTES } from './verify-routes';
import * as routes from '../../routes/refs';

export interface LinkAuthTypesProps {
  strings: Strings;
  locale: Locale;
  platform: ConsolePlatform;
}

export function LinkAuthTypes({ strings, locale, platform }: LinkAuthTypesProps) {
  const t = createT(strings);
  const name = t(platformNameKey(platform));
  const [code, setCode] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, code);
  const pending = usePendingLink(platform, (e) => void platformFailure(e, platform).then(setCode));
  const loginHref = routeHref(locale, { route: routes.platformLogin, params: { platform } });

  return (
    <section className="card" aria-labelledby="pf-heading">
      <h1 id="pf-heading">{t('platform.verify.authTypes.heading')}</h1>
      <FormError message={error?.message} />
      {pending === 'none' && (
        <p role="alert">
          {t('platform.verify.expired')} <a href={loginHref}>{t('platform.verify.startAgain')}</a>
        </p>
      )}
      {pending !== undefined && pending !== 'none' && (
        <>
          <p className="muted">{t('platform.verify.authTypes.intro', { platform: name, email: pending.email })}</p>
          <ul className="method-list">
            {pending.authTypes.map((type) => (
              <li key={type}>
                <a
                  className="button block"
                  href={routeHref(locale, { route: LINK_VERIFY_ROUTES[type], params: { platform } })}
                >
                  {t(`platform.verify.authTypes.${type}`)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <LazyDialogHost strings={strings} />
    </section>
  );
}
