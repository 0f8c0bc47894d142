/**
 * A sign-in paused on another screen (second factor on login/auth-types,
 * missing details on healup) must finish the way it started: the screens
 * after the password keep the login id and the remember-me choice in the
 * persisted verificationParams (spec §3), cleared once sign-in completes.
 */
import { $verificationParams } from '../../client/stores/persisted';

export interface PendingLogin {
  /** The email or ID typed at sign-in (auth types are looked up by it). */
  loginId: string;
  rememberMe: boolean;
}

export function savePendingLogin(pending: PendingLogin): void {
  $verificationParams.set({ loginId: pending.loginId.slice(0, 512), rememberMe: String(pending.rememberMe) });
}

export function readPendingLogin(): PendingLogin {
  const params = $verificationParams.get();
  return { loginId: params?.['loginId'] ?? '', rememberMe: params?.['rememberMe'] === 'true' };
}

export function clearPendingLogin(): void {
  $verificationParams.set(null);
}
