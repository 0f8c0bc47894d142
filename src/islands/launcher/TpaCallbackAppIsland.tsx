/**
 * login/tpa-callback-app (spec §2: a client code outside app mode): a provider sign-in the launcher started came
 * back to the system browser (docs/launcher.md "Third-party sign-in in the launcher"). The page checks the sign-in,
 * shows the code the launcher shows, and on "Continue in the launcher" hands it over; the launcher then signs in.
 * Without a launcher request (or without JavaScript) it says to go back to the app, as before.
 */
import { useEffect, useRef, useState } from 'react';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { SubmitButton } from '../shared/SubmitButton';
import { PROVIDER_NAMES } from '../social/providers';
import type { AppCallback } from './tpa-callback-app-run';

export interface TpaCallbackAppIslandProps {
  strings: Strings;
  locale: Locale;
}

type View =
  | { kind: 'plain' }
  | { kind: 'working' }
  | { kind: 'confirm'; pairCode: string; busy: boolean }
  | { kind: 'done' }
  | { kind: 'failed'; code: string };

const run = () => import('./tpa-callback-app-run');

export function TpaCallbackAppIsland({ strings }: TpaCallbackAppIslandProps) {
  const t = createT(strings);
  const [view, setView] = useState<View>({ kind: 'plain' });
  // State, not a ref: the heading names its provider (React Compiler rule refs: no ref reads in render).
  const [callback, setCallback] = useState<AppCallback | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const errorText = useErrorText(strings, view.kind === 'failed' ? view.code : undefined);

  useEffect(() => {
    void run().then(async (m) => {
      const found = m.takeAppCallback();
      if (found === undefined) return;
      setCallback(found);
      setView({ kind: 'working' });
      const next = await m.startAppCallback(found);
      setView(next.kind === 'confirm' ? { ...next, busy: false } : next);
    });
  }, []);

  useEffect(() => {
    if (view.kind === 'confirm' || view.kind === 'done' || view.kind === 'failed') heading.current?.focus();
  }, [view.kind]);

  async function onContinue() {
    const found = callback;
    if (view.kind !== 'confirm' || view.busy || found === undefined) return;
    setView({ ...view, busy: true });
    const code = await (await run()).approveAppCallback(found.requestId);
    setView(code === undefined ? { kind: 'done' } : { kind: 'failed', code });
  }

  const provider = callback === undefined ? '' : PROVIDER_NAMES[callback.provider];
  const headingText =
    view.kind === 'confirm'
      ? t('launcher.tpaCallbackApp.heading')
      : view.kind === 'done'
        ? t('launcher.tpaCallbackApp.doneHeading')
        : t('social.callbackApp.heading');

  return (
    <section className="card" aria-labelledby="social-app-heading" aria-busy={view.kind === 'working'}>
      <h1 id="social-app-heading" ref={heading} tabIndex={-1}>
        {headingText}
      </h1>
      {view.kind === 'plain' && <p>{t('social.callbackApp.body')}</p>}
      {view.kind === 'working' && (
        <p role="status">
          <span className="spinner small" aria-hidden="true" /> {t('launcher.tpaCallbackApp.working')}
        </p>
      )}
      {view.kind === 'confirm' && (
        <>
          <p>{t('launcher.tpaCallbackApp.body', { provider })}</p>
          <p className="pair-code">
            <strong>{view.pairCode}</strong>
          </p>
          <p>{t('launcher.tpaCallbackApp.warning')}</p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void onContinue();
            }}
          >
            <SubmitButton busy={view.busy} busyLabel={t('launcher.tpaCallbackApp.continuing')}>
              {t('launcher.tpaCallbackApp.continue')}
            </SubmitButton>
          </form>
        </>
      )}
      {view.kind === 'done' && <p role="status">{t('launcher.tpaCallbackApp.doneBody')}</p>}
      {view.kind === 'failed' && (
        <>
          {/* Shown once its text is in: an empty alert flashed, and was announced, while the texts loaded. */}
          <FormError message={errorText?.message} />
          <p>{t('launcher.tpaCallbackApp.failed')}</p>
        </>
      )}
    </section>
  );
}
