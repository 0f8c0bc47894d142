/**
 * setting/security as one island (issue 11 §2): the two-factor section hydrates with the page; the passkeys, the
 * signed-in sessions and the connected apps sections below it load their code with the page's warm-up (at idle,
 * once the page's own start is done: ../../shared/warm-path, or at the player's first scroll, tap or key), beside
 * the data they fetch on mount (their lists show only once their calls answer). One island instead of three keeps
 * the page within its budget of 12 files (docs/performance.md).
 *
 * Why with the warm-up, not with hydration: loaded with hydration, the three sections' code, their four list reads
 * and the HTTP client with the contract (the `calls` file, 18.9 KB br) came before the player could use the
 * two-factor section, 105.6 KB in 22 files, and competed with the page's first paint on a phone
 * (docs/performance.md "The security page's lower sections").
 *
 * The static HTML has every section: the build renders them directly. In the browser each lower section is a
 * React.lazy component inside its own Suspense boundary, so hydration keeps the built HTML of a section until its
 * code has arrived and hydrates it then (React's selective hydration), without a mismatch.
 */
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { IslandProps } from '../../../layouts/screen';
import { useWarmPath } from '../../shared/warm-path';
import { Security } from './Security';

/** Let go by the page's warm-up (`lowerSections`): until then each lower section keeps its built HTML. */
let release: () => void = () => undefined;
const due = new Promise<void>((resolve) => {
  release = resolve;
});

/** Each section's code, once the warm-up (or the player) has let the sections go. */
const passkeysCode = () => due.then(() => import('../../passkeys/Passkeys'));
const sessionsCode = () => due.then(() => import('../../settings/sessions/AccountSessions'));

// `import.meta.env.SSR` is a constant of each build: the server's imports the sections before rendering (a static
// import would not do: the browser's build keeps a module it imports statically, even unused), the browser's only
// when the warm-up lets them go.
const Passkeys: ComponentType<IslandProps> = import.meta.env.SSR
  ? (await import('../../passkeys/Passkeys')).Passkeys
  : lazy(() => passkeysCode().then((m) => ({ default: m.Passkeys })));
const AccountSessions: ComponentType<IslandProps> = import.meta.env.SSR
  ? (await import('../../settings/sessions/AccountSessions')).AccountSessions
  : lazy(() => sessionsCode().then((m) => ({ default: m.AccountSessions })));

// The connected apps (issue 27) arrive in the sessions section's file, so the page loads no file more.
const ConnectedApps: ComponentType<IslandProps> = import.meta.env.SSR
  ? (await import('../../settings/apps/ConnectedApps')).ConnectedApps
  : lazy(() => sessionsCode().then((m) => ({ default: m.ConnectedApps })));

/** The page's warm-up loads the lower sections (and after them, their calls: ../../shared/warm-path). */
const lowerSections = () => {
  release();
  return Promise.all([passkeysCode(), sessionsCode()]);
};

/** A player quicker than the idle moment: scrolling towards the sections, a tap or a key lets them go at once. */
const PLAYER_MOVES = ['scroll', 'pointerdown', 'keydown'] as const;

export function SecurityPage(props: IslandProps) {
  const warm = useWarmPath(lowerSections);
  useEffect(() => {
    const options = { once: true, passive: true, capture: true } as const;
    for (const type of PLAYER_MOVES) window.addEventListener(type, warm, options);
    return () => {
      for (const type of PLAYER_MOVES) window.removeEventListener(type, warm, options);
    };
  }, [warm]);
  return (
    <>
      <Security {...props} />
      <Suspense fallback={null}>
        <Passkeys {...props} />
      </Suspense>
      <Suspense fallback={null}>
        <AccountSessions {...props} />
      </Suspense>
      <Suspense fallback={null}>
        <ConnectedApps {...props} />
      </Suspense>
    </>
  );
}
