/**
 * The launcher's frame while a third-party sign-in runs in the system browser (login/tpa/{provider}?app=1 in app
 * mode, docs/launcher.md): where to sign in, the pair code the browser shows too, opening the browser again, and
 * cancelling (back to the sign-in form).
 */
import { createT, type Strings } from '../../client/t';
import type { AppWaiting } from './tpa-app-run';

export interface AppWaitingNoticeProps {
  readonly strings: Strings;
  /** The provider's display name. */
  readonly provider: string;
  readonly waiting: AppWaiting;
  readonly loginPath: string;
}

export function AppWaitingNotice({ strings, provider, waiting, loginPath }: AppWaitingNoticeProps) {
  const t = createT(strings);
  return (
    <section className="card" aria-labelledby="launcher-tpa-app-heading" aria-busy="true">
      <h1 id="launcher-tpa-app-heading">{t('launcher.tpaApp.heading')}</h1>
      <p role="status">
        <span className="spinner small" aria-hidden="true" /> {t('launcher.tpaApp.body', { provider })}
      </p>
      <p>
        {t('launcher.tpaApp.code')}: <strong className="pair-code">{waiting.pairCode}</strong>
      </p>
      <p>
        <button type="button" className="button primary" onClick={waiting.reopen}>
          {t('launcher.tpaApp.reopen')}
        </button>
      </p>
      <p>
        <a href={loginPath}>{t('launcher.tpaApp.cancel')}</a>
      </p>
    </section>
  );
}
