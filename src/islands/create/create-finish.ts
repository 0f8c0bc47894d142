/**
 * After the account is created, before the page leaves for create/complete: remember the address for the next
 * screen, report the sign-up, and tell the launcher host (spec §4). Loaded then, not with the form: the host
 * bridge validates its messages with zod.
 */
import { track } from '../../client/host/analytics';
import { hostSignupCompleted, isAppMode } from '../../client/host/launcher-bridge';
import { rememberCreatedAccount } from '../shared/created-account';

export function finishCreate(email: string): void {
  rememberCreatedAccount(email);
  track({ event: 'sign_up', method: 'email' });
  if (isAppMode()) hostSignupCompleted({ email });
}
