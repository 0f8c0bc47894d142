/**
 * A sign-in paused on another screen (second factor on login/auth-types,
 * missing details on healup) must finish the way it started: the screens
 * after the password keep the login id and the remember-me choice in the
 * persisted verificationParams (spec §3), cleared once sign-in completes.
 *
 * Read and written in place (stored-value: the key and format of the
 * `$verificationParams` store, checked on every read), not through the
 * store: nothing here subscribes, and the second-step screens then load
 * neither the store library nor the other stores at start.
 */
import { readParams } from '../../client/stores/persisted-checks';
import { readStored, writeStored } from '../../client/stores/stored-value';

/** The persisted key (spec §3 verificationParams). */
const KEY = 'verificationParams';

export interface PendingLogin {
  /** The email or ID typed at sign-in (auth types are looked up by it). */
  loginId: string;
  rememberMe: boolean;
  /**
   * Started by a third-party sign-in (spec §3 login state isTPA): the in-memory flag does not survive the page
   * change to the second step, and the launcher's login completion must still say TPA (docs/launcher.md).
   */
  thirdParty?: boolean;
}

export function savePendingLogin(pending: PendingLogin): void {
  writeStored(KEY, {
    loginId: pending.loginId.slice(0, 512),
    rememberMe: String(pending.rememberMe),
    ...(pending.thirdParty === true ? { tpa: 'true' } : {}),
  });
}

export function readPendingLogin(): PendingLogin {
  const params = readStored(KEY, readParams);
  const pending: PendingLogin = { loginId: params?.['loginId'] ?? '', rememberMe: params?.['rememberMe'] === 'true' };
  return params?.['tpa'] === 'true' ? { ...pending, thirdParty: true } : pending;
}

export function clearPendingLogin(): void {
  writeStored(KEY, null);
}
