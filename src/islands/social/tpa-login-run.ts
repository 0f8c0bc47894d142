/**
 * The third-party login step's work (./TpaLoginIsland.tsx), loaded once the page is mounted: the calls, the login
 * error handling and the end of sign-in are not part of the page's first load (docs/performance.md).
 */
import { tpaLogin, tpaSessionCookie } from '../../client/api/launcher-login';
import { localClock } from '../../client/api/options';
import { settle } from '../../client/http/settle';
import { hrefTo, unifiedCalls } from '../../client/navigation/browser';
import { goTo, isAppMode } from '../../client/navigation/page';
import { getDeviceId } from '../../client/stores/device';
import { tpaFailed, tpaSignedIn, type TpaOutcome } from './finish-tpa';
import type { AppWaiting } from '../launcher/tpa-app-run';
import type { SocialProvider } from './providers';
import { nextAfterSession } from './session-next';

/** Reads the one-time code and state, and takes them off the URL: a reload must not spend the code again. */
function takeCallbackResult(): { code: string; state: string } | undefined {
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const state = query.get('state');
  if (code === null || state === null) return undefined;
  query.delete('code');
  query.delete('state');
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
  return { code, state };
}

async function signIn(locale: string): Promise<TpaOutcome> {
  // In the launcher the sign-in is login/tpa/launcher, then the hand-off to the host (docs/launcher.md).
  if (isAppMode()) return (await import('../launcher/tpa-app-run')).launcherTpaSignIn(locale);
  const [error, result] = await settle(
    tpaLogin({ deviceId: getDeviceId(), ...localClock() }, { unified: unifiedCalls() }),
  );
  return error ? tpaFailed(error) : tpaSignedIn(result, locale);
}

export async function runTpaLogin(
  provider: SocialProvider | undefined,
  locale: string,
  onWaiting?: (waiting: AppWaiting) => void,
): Promise<TpaOutcome> {
  // A provider button in the launcher (`app=1`): the provider's pages run in the system browser.
  if (
    provider !== undefined &&
    onWaiting !== undefined &&
    isAppMode() &&
    new URLSearchParams(location.search).has('app')
  )
    return (await import('../launcher/tpa-app-run')).runAppTpa(provider, locale, { onWaiting });
  const callback = takeCallbackResult();
  if (provider === undefined || callback === undefined) return signIn(locale);
  const [error, session] = await settle(
    tpaSessionCookie({ tpaType: provider, ...callback }, { unified: unifiedCalls() }),
  );
  if (error) return tpaFailed(error);
  const next = nextAfterSession(session);
  if (next.kind === 'login') return signIn(locale);
  goTo(hrefTo(next.target.route, next.target), true);
  return { kind: 'leaving' };
}
