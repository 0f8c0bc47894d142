/**
 * Opens the enable-SMS dialog. Its own module, loaded when the player asks
 * for it, because the dialog brings the phone-number metadata.
 */
import region from '@region';
import { openDialog } from '../../../client/dialogs/queue';
import type { AccountState } from '../../../client/stores/account';
import { refreshAccount } from '../../shared/refresh-account';
import { enabledFactors } from '../../settings/two-factor';
import { EnableSmsDialog, type EnableSmsResult } from './EnableSmsDialog';
import { dialogFailure, showMfaSuccess, type MfaDialogContext } from './open';

/** Resolves true when SMS verification was turned on. */
export async function enableSmsFlow(ctx: MfaDialogContext, account: AccountState): Promise<boolean> {
  const result = await openDialog<EnableSmsResult>({
    kind: 'custom',
    cancelResult: { kind: 'cancelled' },
    render: (api) => (
      <EnableSmsDialog
        t={ctx.t}
        api={api}
        locale={ctx.locale}
        membershipNo={account.membershipNo ?? region.membershipNo}
        countryCode={account.countryCode ?? undefined}
        canBeSecondary={enabledFactors(account).length > 0}
        errorText={(code) => api.errorText(code).message}
      />
    ),
  });
  if (result.kind === 'failed') await dialogFailure(result.error);
  if (result.kind !== 'enabled') return false;
  await refreshAccount();
  await showMfaSuccess(ctx, 'SMS', account.email ?? undefined);
  return true;
}
