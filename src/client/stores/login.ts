/** Login state (spec §3). Credentials live here only while a form is being submitted and are cleared after. */
import { map } from 'nanostores';

export interface LoginState {
  isLoggedIn: boolean;
  loginId: string;
  password: string;
  hashedPassword: string;
  isTPA: boolean;
  rememberMe: boolean;
  /** Redirect by default after login (spec §4 step 4). */
  redirect: boolean;
  autoLoginWeb: boolean;
  countryCode: string;
}

export const initialLoginState: LoginState = {
  isLoggedIn: false,
  loginId: '',
  password: '',
  hashedPassword: '',
  isTPA: false,
  rememberMe: false,
  redirect: true,
  autoLoginWeb: false,
  countryCode: '',
};

export const $login = map<LoginState>({ ...initialLoginState });

/** Spec §4 step 2: after a successful login the id and password are cleared. */
export function clearCredentials(): void {
  $login.set({ ...$login.get(), loginId: '', password: '', hashedPassword: '' });
}
