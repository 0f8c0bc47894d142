/**
 * global/{platform}/link-success (spec §2: params email and the player tag):
 * the console is linked; continuing opens the platform login, which now signs
 * the player in with the same platform session.
 */
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import type { ConsolePlatform } from '../../shared/contract/platform';
import { useMountedQuery } from '../shared/use-page-query';
import { platformNameKey } from './platform-name';
import * as routes from '../../routes/refs';

export interface LinkSuccessProps {
  strings: Strings;
  locale: Locale;
  platform: ConsolePlatform;
}

export function LinkSuccess({ strings, locale, platform }: LinkSuccessProps) {
  const t = createT(strings);
  const name = t(platformNameKey(platform));
  const query = useMountedQuery();
  const email = query?.get('email') ?? '';
  const tag = query?.get('tag') ?? '';
  return (
    <section className="card" aria-labelledby="pf-heading">
      <h1 id="pf-heading">{t('platform.linkSuccess.heading', { platform: name })}</h1>
      {email !== '' && <p role="status">{t('platform.linkSuccess.body', { platform: name, email })}</p>}
      {tag !== '' && <p>{t('platform.linkSuccess.tag', { tag })}</p>}
      <p>
        <a
          className="button primary block"
          href={routeHref(locale, { route: routes.platformLogin, params: { platform } })}
        >
          {t('platform.linkSuccess.continue')}
        </a>
      </p>
    </section>
  );
}
