/**
 * "Sign in with a passkey" on the login form (issue 18), and the passkey
 * suggestions of the email field (autocomplete="username webauthn") where the
 * browser supports conditional mediation. Only this small component ships
 * with the page: the request, the WebAuthn library and the sign-in's end load
 * on demand (./passkey-sign-in) — for autofill, once the page is idle, and only the options request and the
 * WebAuthn library until a passkey is picked (./passkey-autofill).
 * Built into the page, so that the providers below it do not move down when it appears (a layout shift of
 * about 0.03 on a phone); once hydrated, shown only where the browser has WebAuthn at all (nearly every browser:
 * the rare one without loses it then). Without JavaScript it is hidden (`needs-script`, Shell.astro): a passkey
 * needs the script.
 */
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../shared/use-page-query';
import { unifiedCalls } from '../../client/navigation/page';
import type { T } from '../../client/t';
import type { PasskeyOutcome } from './passkey-sign-in';

export interface PasskeySignInProps {
  t: T;
  locale: string;
  rememberMe: boolean;
  /** The form is busy (a sign-in is under way): the button waits. */
  busy: boolean;
  /** A passkey was picked: the form shows its busy state. */
  onPicked: () => void;
  /** What the sign-in came to (as the password's submit reports it). */
  onOutcome: (outcome: PasskeyOutcome) => void;
}

type WithConditional = { isConditionalMediationAvailable?: () => Promise<boolean> };

export function PasskeySignIn({ t, locale, rememberMe, busy, onPicked, onOutcome }: PasskeySignInProps) {
  // The built HTML cannot know the browser: it shows the button, and the hydrated island keeps it where it works.
  const hydrated = useHydrated();
  const supported = !hydrated || typeof window.PublicKeyCredential === 'function';
  const [cancelled, setCancelled] = useState(false);
  // Read when a passkey is picked, so a box ticked after the page loaded counts.
  const remember = useRef(rememberMe);
  const callbacks = useRef({ onPicked, onOutcome });
  // Kept current after each render (not during it: React Compiler rule refs); read only after a pick.
  useEffect(() => {
    remember.current = rememberMe;
    callbacks.current = { onPicked, onOutcome };
  });
  const autofill = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (typeof window.PublicKeyCredential !== 'function') return undefined;
    // Read through a function: the checks after each await see what the cleanup set meanwhile.
    const mounted = { live: true };
    const alive = () => mounted.live;
    const start = async () => {
      const pkc = window.PublicKeyCredential as unknown as WithConditional;
      if (!alive() || !(await pkc.isConditionalMediationAvailable?.().catch(() => false))) return;
      const { autofillPasskey } = await import('./passkey-autofill');
      if (!alive()) return;
      const outcome = await autofillPasskey(
        { locale, unified: unifiedCalls(), t },
        { rememberMe: () => remember.current, onPicked: () => callbacks.current.onPicked() },
      );
      // Cancelled: the button's request replaced it (that one restarts autofill when it ends). Idle: no options
      // came (the request failed); asking again at once would repeat the failure, the button still works.
      if (!alive() || outcome.kind === 'cancelled' || outcome.kind === 'idle') return;
      callbacks.current.onOutcome(outcome);
      if (outcome.kind === 'form-error') void start();
    };
    autofill.current = () => void start();
    // After hydration and first paint: the autofill request waits for the page, not the other way round.
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start());
    else setTimeout(() => void start(), 200);
    return () => {
      mounted.live = false;
    };
  }, [locale, t]);

  async function onClick() {
    if (busy) return;
    setCancelled(false);
    // The form is busy while the browser asks for the passkey (and dialogs may open: the host mounts).
    callbacks.current.onPicked();
    const { signInWithPasskey } = await import('./passkey-sign-in');
    const outcome = await signInWithPasskey(
      { locale, unified: unifiedCalls(), t },
      { rememberMe: () => remember.current, onPicked: () => callbacks.current.onPicked() },
    );
    // Closing the browser's prompt leaves the form as it was (ready), with a word on what happened.
    if (outcome.kind === 'cancelled') setCancelled(true);
    callbacks.current.onOutcome(outcome.kind === 'cancelled' ? { kind: 'idle' } : outcome);
    if (outcome.kind !== 'signed-in' && outcome.kind !== 'leaving') autofill.current();
  }

  if (!supported) return null;
  return (
    <div className="passkey-sign-in needs-script">
      <p className="muted">{t('login.passkey.or')}</p>
      <button type="button" className="button block" aria-disabled={busy || undefined} onClick={() => void onClick()}>
        {t('login.passkey.button')}
      </button>
      <p role="status" className="status-line">
        {cancelled ? t('login.passkey.cancelled') : ''}
      </p>
    </div>
  );
}
