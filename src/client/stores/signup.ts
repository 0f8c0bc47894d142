/** Sign-up state (spec §3): the session token from signup/init and the collected parameters. */
import { atom } from 'nanostores';

export const $signUpSessionToken = atom<string | null>(null);
