/**
 * Third-party sign-in in the launcher, the frame's side (docs/launcher.md "Third-party sign-in in the launcher"),
 * loaded by login/tpa/{provider}?app=1 in app mode only. A provider's pages refuse to be framed, so they run in the
 * system browser, as launchers do:
 *
 *  1. the frame opens an app request (requestTpaApp) and asks the host to open the provider's start URL, with the
 *     request's id (in `state`) and the launcher's client code, in the system browser (openExternalLink);
 *  2. it shows the pair code the browser will show too, and waits (redeemTpaApp every 2 s, up to the request's
 *     life) while the browser signs in at the provider and its login/tpa-callback-app hands the session over;
 *  3. it takes the third-party session over and goes on as login/tpa does after tpa-session-cookie: sign in with
 *     login/tpa/launcher, then the launcher hand-off (finishLogin in app mode); or sign-up or the social link,
 *     which continue in the frame.
 */
import { redeemTpaApp, requestTpaApp } from '../../client/api/launcher-app';
import { launcherTpaLogin } from '../../client/api/launcher-login';
import { localClock } from '../../client/api/options';
import { hostOpenExternalLink } from '../../client/host/launcher-bridge';
import { settle } from '../../client/http/settle';
import { pairCode } from '../../client/launcher/pair-code';
import { launcherSettingsReady } from '../../client/launcher/settings-ready';
import { hrefTo } from '../../client/navigation/browser';
import { goTo } from '../../client/navigation/page';
import { getDeviceId } from '../../client/stores/device';
import { tpaFailed, tpaSignedIn, type TpaOutcome } from '../social/finish-tpa';
import type { SocialProvider } from '../social/providers';
import { nextAfterSession } from '../social/session-next';
import { socialStartHref } from '../social/start-url';

export const POLL_MS = 2000;

export interface AppWaiting {
  /** The code the browser shows too (./pair-code). */
  readonly pairCode: string;
  /** Asks the host to open the browser again (the player closed it). */
  readonly reopen: () => void;
}

export interface AppTpaOptions {
  readonly onWaiting: (waiting: AppWaiting) => void;
  readonly wait?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** The launcher's third-party sign-in with the session this frame holds (login/tpa/launcher). */
export async function launcherTpaSignIn(locale: string): Promise<TpaOutcome> {
  const settings = await launcherSettingsReady();
  if (settings === null) return { kind: 'shown', code: '20159' };
  const [error, result] = await settle(
    launcherTpaLogin({ clientId: settings.client_id, deviceId: getDeviceId(), ...localClock() }),
  );
  return error ? tpaFailed(error) : tpaSignedIn(result, locale);
}

export async function runAppTpa(provider: SocialProvider, locale: string, options: AppTpaOptions): Promise<TpaOutcome> {
  const wait = options.wait ?? sleep;
  const now = options.now ?? Date.now;
  const settings = await launcherSettingsReady();
  if (settings === null) return { kind: 'shown', code: '20159' };
  const deviceId = getDeviceId();
  const [error, request] = await settle(requestTpaApp({ clientId: settings.client_id, deviceId }));
  if (error) return tpaFailed(error);
  const start = new URL(
    socialStartHref(provider, { locale, mode: 'app', clientId: settings.client_id }),
    location.href,
  );
  start.searchParams.set('appRequest', request.requestId);
  const reopen = () => {
    hostOpenExternalLink(start.href);
  };
  reopen();
  options.onWaiting({ pairCode: await pairCode(request.requestId), reopen });

  const deadline = now() + request.expiresIn * 1000;
  while (now() < deadline) {
    const [pollError, answer] = await settle(
      redeemTpaApp({ requestId: request.requestId, pollToken: request.pollToken, deviceId }),
    );
    if (pollError) return tpaFailed(pollError);
    if (!answer.ready || answer.session === undefined) {
      await wait(POLL_MS);
      continue;
    }
    const next = nextAfterSession(answer.session);
    if (next.kind === 'login') return launcherTpaSignIn(locale);
    goTo(hrefTo(next.target.route, next.target), true);
    return { kind: 'leaving' };
  }
  return { kind: 'form-error', code: '20159' };
}
