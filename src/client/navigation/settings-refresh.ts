/**
 * Settings refresh failures (spec §2): 20100 (blocked) and 20102
 * (reactivation required) log the user out — in app mode the parent frame is
 * told to log out too; any other failure goes to login.
 */
export const LOGOUT_ON_SETTINGS_FAILURE = ['20100', '20102'] as const;

export type SettingsFailureAction =
  { readonly kind: 'logout'; readonly notifyParent: boolean } | { readonly kind: 'login' };

export function settingsRefreshFailure(code: string, appMode: boolean): SettingsFailureAction {
  if ((LOGOUT_ON_SETTINGS_FAILURE as readonly string[]).includes(code))
    return { kind: 'logout', notifyParent: appMode };
  return { kind: 'login' };
}
