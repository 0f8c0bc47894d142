import * as routes from '../../routes/refs';

/** The launcher's login screens where app mode starts the silent login (./autologin) instead of redirecting. */
export const AUTOLOGIN_ROUTES: readonly string[] = ['login', 'login-s-mode'];

/** Where a screen goes when the silent login finds nothing to sign in with: s-mode has no form of its own. */
export const AUTOLOGIN_FALLBACK: Readonly<Record<string, typeof routes.loginNMode>> = {
  'login-s-mode': routes.loginNMode,
};
