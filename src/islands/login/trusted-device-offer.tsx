/**
 * Spec §4 step 2: with remember-me, offer to trust this device — the add
 * dialog prefilled with the server's name suggestion, with "ask me later".
 * Resolves when the player has answered; a failed suggestion leaves the name
 * empty for the player to type.
 */
import { addTrustedDevice, getTrustedDeviceNameSuggestion } from '../../client/api/trusted-devices';
import { openDialog } from '../../client/dialogs/queue';
import { isAppMode } from '../../client/host/launcher-bridge';
import { settle } from '../../client/http/settle';
import { getDeviceId } from '../../client/stores/device';
import type { T } from '../../client/t';
import { TrustedDeviceBody } from './dialogs';

export interface OfferContext {
  t: T;
  /** The [unified/] variant of the add call. */
  unified: boolean;
}

export async function offerTrustedDevice(ctx: OfferContext): Promise<void> {
  const [, suggestion] = await settle(getTrustedDeviceNameSuggestion(isAppMode()));
  await openDialog<boolean>({
    kind: 'custom',
    cancelResult: false,
    render: (api) => (
      <TrustedDeviceBody
        t={ctx.t}
        api={api}
        suggestion={suggestion?.suggestion ?? ''}
        errorText={(code) => api.errorText(code).message}
        add={async (name) => {
          const [error] = await settle(addTrustedDevice({ name, deviceId: getDeviceId() }, { unified: ctx.unified }));
          // 20202: this device is trusted already, which is what the player asked for.
          return error === undefined || error.code === '20202' ? undefined : error.code;
        }}
      />
    ),
  });
}
