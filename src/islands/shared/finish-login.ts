/**
 * What happens after the server accepts a sign-in (spec §4 "Login flow",
 * step 2 then step 4), shared by the login form, the terms reconsent and the
 * healup screen: clear the credentials, store the country code, push the
 * analytics event, set the hashed user-number cookies, offer to trust the
 * device when remember-me is set, then go where afterLogin says.
 */
import { isExtraEventAppId, track } from '../../client/host/analytics';
import { PRODUCT_ID_COOKIE, readCookie } from '../../client/host/cookies';
import { currentQuery, goTo, redirectPolicy } from '../../client/navigation/browser';
import { isAppMode } from '../../client/navigation/page';
import { $global } from '../../client/stores/global';
import { $login, clearCredentials } from '../../client/stores/login';
import type { LoginResponse } from '../../shared/contract/common';
import { afterLogin, afterRefresh, type AfterLoginContext } from './after-login';
import { clearPendingLogin, readPendingLogin } from './pending-login';
import { refreshAccount } from './refresh-account';
import { setUserCookies } from './user-cookies';

export interface FinishLoginOptions {
  locale: string;
  rememberMe: boolean;
  /** Resolves when the player has answered the trusted-device offer (only called with remember-me). */
  offerTrustedDevice: () => Promise<void>;
  /** Leaves the page; location.assign by default. */
  navigate?: (href: string) => void;
  /** A third-party sign-in finishing on a later screen (healup with mode tpa); the pending login says so too. */
  thirdParty?: boolean;
}

export async function finishLogin(result: LoginResponse, options: FinishLoginOptions): Promise<void> {
  const navigate = options.navigate ?? goTo;
  clearCredentials();
  // A sign-in that started with a provider stays one on the screens after it (second factor, healup).
  const thirdParty = $login.get().isTPA || options.thirdParty === true || readPendingLogin().thirdParty === true;
  clearPendingLogin();
  $login.set({
    ...$login.get(),
    isTPA: thirdParty,
    isLoggedIn: true,
    rememberMe: options.rememberMe,
    countryCode: result.countryCode,
    autoLoginWeb: result.autoLogin,
  });
  track({ event: 'login', method: thirdParty ? 'tpa' : 'email', rememberMe: options.rememberMe });
  const appId = $global.get().appId;
  if (isExtraEventAppId(appId)) track({ event: 'login_game_app', appId });
  setUserCookies(result);

  if (options.rememberMe) await options.offerTrustedDevice();

  // Spec §4 step 3: in the launcher the hand-off to the host replaces the redirects (loaded in app mode only).
  if (isAppMode()) {
    const { launcherAfterLogin } = await import('../../client/launcher/after-login');
    await launcherAfterLogin({ navigate });
    return;
  }

  const query = currentQuery();
  const ctx: AfterLoginContext = {
    locale: options.locale,
    query,
    policy: redirectPolicy(),
    rememberMe: options.rememberMe,
    productCookie: readCookie(PRODUCT_ID_COOKIE),
    hasSignupParams: $global.get().signupParams !== null,
    redirect: $login.get().redirect,
  };
  let next = afterLogin(ctx);
  if (next.kind === 'refresh') next = afterRefresh(ctx, next.reason, await refreshAccount());
  if (next.kind === 'go') navigate(next.href);
}
