/**
 * setting/security as one island (issue 11 §2): the two-factor section hydrates with the page; the passkeys, the
 * signed-in sessions and the connected apps sections below it load their code right after, beside the data they fetch on mount
 * (their lists show only once their calls answer). One island instead of three keeps the page within its budget
 * of 12 files and 75 KB before interaction (docs/performance.md).
 *
 * The static HTML has every section: the build renders them directly. In the browser each lower section is a
 * React.lazy component inside its own Suspense boundary, so hydration keeps the built HTML of a section until its
 * code has arrived and hydrates it then (React's selective hydration), without a mismatch.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { IslandProps } from '../../../layouts/screen';
import { Security } from './Security';

// `import.meta.env.SSR` is a constant of each build: the server's imports the sections before rendering (a static
// import would not do: the browser's build keeps a module it imports statically, even unused), the browser's only
// when hydrating.
const Passkeys: ComponentType<IslandProps> = import.meta.env.SSR
  ? (await import('../../passkeys/Passkeys')).Passkeys
  : lazy(() => import('../../passkeys/Passkeys').then((m) => ({ default: m.Passkeys })));
const AccountSessions: ComponentType<IslandProps> = import.meta.env.SSR
  ? (await import('../../settings/sessions/AccountSessions')).AccountSessions
  : lazy(() => import('../../settings/sessions/AccountSessions').then((m) => ({ default: m.AccountSessions })));

// The connected apps (issue 27) arrive in the sessions section's file, so the page loads no file more.
const ConnectedApps: ComponentType<IslandProps> = import.meta.env.SSR
  ? (await import('../../settings/apps/ConnectedApps')).ConnectedApps
  : lazy(() => import('../../settings/sessions/AccountSessions').then((m) => ({ default: m.ConnectedApps })));

export function SecurityPage(props: IslandProps) {
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
