/**
 * The launcher's end of a sign-in (spec §4 steps 3, 8 and 9, docs/launcher.md), loaded only in app mode once
 * the portal session exists (password, passkey, second factor, terms or healup done, silent login):
 *
 *  1. the store connector (settings.connector) first asks for its login; a blocked account (20100) gets the
 *     portal-ban dialog, then the host is told to cancel the launcher login;
 *  2. the login completion creates the hand-off (login_id and session ticket);
 *  3. launchers below 1.7.0 also get an auth token, merged into the login data;
 *  4. the data goes to the host with login_id;
 *  5. the after-login step: the host closes or swaps the frame; if it is still shown after 5 s, the portal
 *     goes to login/success.
 */
import { connectorLogin, launcherLoginComplete, requestAuthToken } from '../api/launcher-login';
import { banDialog, errorDialog } from '../dialogs/queue';
import { hostLogin, hostRequestToMain } from '../host/launcher-bridge';
import type { ApiError } from '../http/api-error';
import { settle } from '../http/settle';
import { hrefTo } from '../navigation/browser';
import { goTo } from '../navigation/page';
import { getDeviceId } from '../stores/device';
import { $launcher, needsAuthToken } from '../stores/launcher';
import { $login } from '../stores/login';
import { withLoading } from '../stores/loading';
import { readBanReason } from '../../shared/errors/payloads';
import { launcherSettingsReady } from './settings-ready';
import * as routes from '../../routes/refs';

/** Spec §9: the after-login wait. */
export const AFTER_LOGIN_WAIT_MS = 5000;
/** What the portal asks the host when a connector login was refused (spec §4 step 9). */
export const CANCEL_LOGIN_REQUEST = 'cancelLogin';

export type HandOffOutcome = 'handed-off' | 'cancelled' | 'failed';

export interface HandOffOptions {
  accountType?: 'EMAIL' | 'TPA';
  /** Leaves the page after the wait; location.assign by default. */
  navigate?: (href: string) => void;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

async function refused(error: ApiError): Promise<void> {
  if (error.code === '20100') await banDialog(readBanReason(error.serverMessage));
  else await errorDialog(error.code);
}

type Step =
  | { kind: 'ok'; data: Record<string, unknown>; loginId: string }
  | { kind: 'refused'; error: ApiError; connector: boolean };

/** The calls of steps 1 to 3, under the loading overlay. */
async function handOffData(accountType: 'EMAIL' | 'TPA'): Promise<Step> {
  const settings = await launcherSettingsReady();
  const deviceId = getDeviceId();
  if (settings?.connector !== undefined) {
    const [error] = await settle(connectorLogin(settings.connector, { clientId: settings.client_id, deviceId }));
    if (error) return { kind: 'refused', error, connector: true };
  }
  const [completeError, completed] = await settle(launcherLoginComplete({ deviceId, accountType }));
  if (completeError) return { kind: 'refused', error: completeError, connector: false };
  let data: Record<string, unknown> = { ...completed, login_id: completed.loginId };
  if (needsAuthToken(settings?.version)) {
    const [tokenError, token] = await settle(requestAuthToken({ deviceId }));
    if (tokenError) return { kind: 'refused', error: tokenError, connector: false };
    data = { ...data, authToken: token.token };
  }
  return { kind: 'ok', data, loginId: completed.loginId };
}

export async function launcherAfterLogin(options: HandOffOptions = {}): Promise<HandOffOutcome> {
  // A third-party sign-in (login/tpa/launcher, spec §3 isTPA) completes as TPA.
  const accountType = options.accountType ?? ($login.get().isTPA ? 'TPA' : 'EMAIL');
  const step = await withLoading(handOffData(accountType));
  if (step.kind === 'refused') {
    if (step.error.navigating) return 'failed';
    await refused(step.error);
    if (!step.connector) return 'failed';
    hostRequestToMain(CANCEL_LOGIN_REQUEST, { code: step.error.code });
    return 'cancelled';
  }
  $launcher.set({ ...$launcher.get(), data: step.data, loginSessionInfo: { loginId: step.loginId } });
  hostLogin(step.data);
  await withLoading((options.wait ?? sleep)(AFTER_LOGIN_WAIT_MS));
  (options.navigate ?? goTo)(hrefTo(routes.loginSuccess));
  return 'handed-off';
}
