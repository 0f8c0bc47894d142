/**
 * login/migration-complete after login/migration-tpa: the migration started the account's sign-in; login complete
 * finishes it (or answers the §4 step left: terms, healup, second factor), which ends like any third-party
 * sign-in (../social/finish-tpa.ts). Loaded with the first click, so the page does not carry it.
 */
import { loginComplete } from '../../client/api/launcher-login';
import { settle } from '../../client/http/settle';
import { unifiedCalls } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import { tpaFailed, tpaSignedIn, type TpaOutcome } from '../social/finish-tpa';

export async function continueSignIn(locale: string): Promise<TpaOutcome> {
  // The same device id as the migrate call: a paused sign-in belongs to the device that started it.
  const [error, result] = await settle(loginComplete({ deviceId: getDeviceId() }, { unified: unifiedCalls() }));
  return error ? tpaFailed(error) : tpaSignedIn(result, locale);
}
