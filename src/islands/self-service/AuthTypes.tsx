/**
 * self-auth-types and self-no-access-to-authenticator (spec §2): the other
 * ways to prove the second factor of the session's account — the methods the
 * server named, a backup code (on the authenticator screen), or, with none
 * left, ownership verification (part B of issue 13) or starting over.
 */
import { useMemo } from 'react';
import { hrefTo } from '../../client/navigation/browser';
import { createT, type Strings } from '../../client/t';
import { useHydrated } from '../shared/use-page-query';
import { codeRoute, readFlow, type FlowState } from './flow';
import * as routes from '../../routes/refs';

export interface AuthTypesProps {
  strings: Strings;
  /** no-access: the player cannot use the authenticator, so it is not offered. */
  noAccess?: boolean;
}

export function AuthTypes({ strings, noAccess = false }: AuthTypesProps) {
  const t = createT(strings);
  // The flow is in the tab's storage, which the built HTML cannot know: read once hydrated.
  const hydrated = useHydrated();
  const flow = useMemo((): FlowState | null | undefined => (hydrated ? (readFlow() ?? null) : undefined), [hydrated]);
  if (flow === undefined) return <section className="card" aria-busy="true" />;
  const methods = (flow?.authTypes ?? []).filter((m) => m !== 'EMAIL' && !(noAccess && m === 'TOTP'));
  const hasTotp = flow?.authTypes.includes('TOTP') === true;
  return (
    <section className="card" aria-labelledby="ss-methods-heading">
      <h1 id="ss-methods-heading">
        {t(noAccess ? 'selfService.methods.noAccessHeading' : 'selfService.methods.heading')}
      </h1>
      {flow !== null && <p>{t(noAccess ? 'selfService.methods.noAccessIntro' : 'selfService.methods.intro')}</p>}
      {flow === null ? (
        <>
          <p>{t('selfService.methods.noFlow')}</p>
          <a className="button primary block" href={hrefTo(routes.selfResetPassword)}>
            {t('selfService.methods.start')}
          </a>
        </>
      ) : (
        <>
          <div className="actions stacked">
            {methods.map((m) => (
              <a key={m} className="button block" href={hrefTo(codeRoute(m))}>
                {t(m === 'SMS' ? 'selfService.methods.SMS' : 'selfService.methods.TOTP', { phone: flow.phoneNo ?? '' })}
              </a>
            ))}
            {hasTotp && (
              <a className="button block" href={hrefTo(routes.selfVerify2fa)}>
                {t('selfService.methods.BACKUP')}
              </a>
            )}
          </div>
          <p className="muted">{t('selfService.methods.none')}</p>
          <div className="actions stacked">
            <a className="button block" href={hrefTo(routes.selfVerifyOwnership)}>
              {t('selfService.methods.ownership')}
            </a>
            <a href={hrefTo(routes.selfService)}>{t('selfService.methods.restart')}</a>
          </div>
        </>
      )}
    </section>
  );
}
