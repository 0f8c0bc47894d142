/**
 * Spec §4, §6: changing security settings needs a verified email. The
 * reference API refuses a factor change on an unverified account as invalid
 * access (20038), which no settings verification can cure; so before such a
 * change the islands check the loaded account and offer the account
 * overview, where the verification link is sent, instead.
 */
import { confirmDialog } from '../../client/dialogs/queue';
import { navigate } from '../../client/navigation/browser';
import type { AccountState } from '../../client/stores/account';
import type { RoutePath } from '../../client/navigation/href';
import * as routes from '../../routes/refs';

/**
 * True when the change may go ahead; otherwise explains, then goes to the
 * account overview on confirm, or to `cancel` (when given) on decline.
 */
export async function ensureEmailVerified(
  account: Pick<AccountState, 'emailVerified'> | null,
  cancel?: RoutePath,
): Promise<boolean> {
  // Unknown (not loaded, or the one region without the settings read): the server decides.
  if (account?.emailVerified !== false) return true;
  const ok = await confirmDialog({
    titleKey: 'settings.emailFirst.title',
    messageKey: 'settings.emailFirst.body',
    confirmKey: 'settings.emailFirst.confirm',
  });
  if (ok) navigate(routes.accountOverview);
  else if (cancel !== undefined) navigate(cancel);
  return false;
}
