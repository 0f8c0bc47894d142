/** The launcher's login screens, where app mode starts the silent login (./autologin) instead of redirecting. */
export const AUTOLOGIN_ROUTES: readonly string[] = ['login'];
