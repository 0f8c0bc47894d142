/**
 * login/move-to-zendesk (spec §2; docs/support-desk.md): moves the signed-in player to the support desk. Once
 * mounted it asks the API for the desk's single-sign-on URL of the session's account (POST login/zendesk/move)
 * and goes there. An error is handled as on the settings screens (20001 → login and back here, a block → the ban
 * dialog), loaded with the first error; a code that belongs on the page is shown with a retry. In a region
 * without the desk sign-in the screen points at the region's help center instead.
 */
import region from '@region';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { moveToZendesk } from '../../client/api/launcher-login';
import { settle } from '../../client/http/settle';
import { createT, type Strings, type T } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { goToDesk } from './go-to-desk';
import { HelpCenter } from './HelpCenter';

// Mounted with the first error: the settings error handling is what opens dialogs here.
const LazyDialogHost = lazy(() => import('../shared/LazyDialogHost').then((m) => ({ default: m.LazyDialogHost })));

export interface MoveToDeskIslandProps {
  strings: Strings;
  locale: Locale;
}

export function MoveToDeskIsland({ strings }: MoveToDeskIslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  if (!region.supportViaDeskLogin)
    return <HelpCenter t={t} headingId="desk-move-heading" heading={t('supportDesk.move.title')} />;
  return <MoveToDesk t={t} strings={strings} />;
}

type State =
  | { kind: 'working' }
  | { kind: 'external' }
  /** Failed; `code` is the text to show here, undefined when the handler showed it (dialog) or is navigating. */
  | { kind: 'failed'; code: string | undefined };

function MoveToDesk({ t, strings }: { t: T; strings: Strings }) {
  const [state, setState] = useState<State>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);
  const [dialogs, setDialogs] = useState(false);
  const errorText = useErrorText(strings, state.kind === 'failed' ? state.code : undefined);

  useEffect(() => {
    let live = true;
    // A function, not the variable: the check after the awaited handler reads the value at that moment.
    const stillLive = () => live;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the one action this screen exists for starts on mount; its working state shows before the call
    setState({ kind: 'working' });
    void settle(moveToZendesk()).then(async ([error, desk]) => {
      if (!stillLive()) return;
      if (!error) {
        if ((await goToDesk(desk.returnUrl)) === 'external' && stillLive()) setState({ kind: 'external' });
        return;
      }
      setDialogs(true);
      const { handleSettingsError } = await import('../settings/handle-error');
      const outcome = await handleSettingsError(error);
      if (stillLive()) setState({ kind: 'failed', code: outcome.kind === 'form' ? outcome.code : undefined });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <>
      <section className="card" aria-labelledby="desk-move-heading" aria-busy={state.kind === 'working'}>
        <h1 id="desk-move-heading">{t('supportDesk.move.heading')}</h1>
        {state.kind === 'working' && (
          <p role="status" className="muted">
            <span className="spinner small" aria-hidden="true" /> {t('supportDesk.move.wait')}
          </p>
        )}
        {state.kind === 'external' && <p role="status">{t('supportDesk.external.body')}</p>}
        {state.kind === 'failed' && (
          <>
            <FormError message={errorText?.message ?? t('supportDesk.move.failed')} />
            <p>
              <button type="button" className="button primary block" onClick={() => setAttempt((n) => n + 1)}>
                {t('supportDesk.move.retry')}
              </button>
            </p>
          </>
        )}
      </section>
      {dialogs && (
        <Suspense fallback={null}>
          <LazyDialogHost strings={strings} />
        </Suspense>
      )}
    </>
  );
}
