/**
 * Opens the trusted-device dialogs in the page's one dialog host, wired to
 * the §7 calls: add this device (name suggested by the server), confirm the
 * name of a device trusted at sign-in, rename one, remove one, remove all.
 */
import { addTrustedDevice, listTrustedDevices, renameTrustedDevice } from '../../client/api/trusted-devices';
import { confirmDialog, openDialog } from '../../client/dialogs/queue';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { unifiedCalls } from '../../client/navigation/browser';
import { getDeviceId } from '../../client/stores/device';
import type { T } from '../../client/t';
import { inlineCodeOf } from '../settings/settings-errors';
import { suggestedDeviceName } from './suggestion';
import { DeviceNameDialog, type DeviceNameResult, type DeviceNameVariant, type SaveResult } from './DeviceNameDialog';

export interface DialogContext {
  readonly t: T;
}

/** A call's outcome for the name dialog: inline codes stay in the dialog, the rest is handled after it closes. */
export function saveResult(error: ApiError | undefined): SaveResult {
  if (error === undefined) return { kind: 'done' };
  const code = inlineCodeOf(error);
  return code === undefined ? { kind: 'failed', error } : { kind: 'inline', code };
}

function nameDialog(
  ctx: DialogContext,
  variant: DeviceNameVariant,
  initialName: string,
  save: (name: string) => Promise<SaveResult>,
): Promise<DeviceNameResult> {
  return openDialog<DeviceNameResult>({
    kind: 'custom',
    cancelResult: { kind: 'skipped' },
    render: (api) => (
      <DeviceNameDialog
        t={ctx.t}
        api={api}
        variant={variant}
        initialName={initialName}
        save={save}
        errorText={(code) => api.errorText(code).message}
      />
    ),
  });
}

export async function addThisDevice(ctx: DialogContext): Promise<DeviceNameResult> {
  const suggestion = await suggestedDeviceName();
  return nameDialog(ctx, 'add', suggestion, async (name) => {
    const [error] = await settle(addTrustedDevice({ name, deviceId: getDeviceId() }, { unified: unifiedCalls() }));
    return saveResult(error);
  });
}

export async function renameDevice(
  ctx: DialogContext,
  device: { deviceId: string; name: string },
  variant: 'edit' | 'confirm' = 'edit',
): Promise<DeviceNameResult> {
  return nameDialog(ctx, variant, device.name, async (name) => {
    const [error] = await settle(renameTrustedDevice({ deviceId: device.deviceId, name }));
    return saveResult(error);
  });
}

export function confirmRemoveDevice(name: string): Promise<boolean> {
  return confirmDialog({
    titleKey: 'trustedDevices.remove.title',
    messageKey: 'trustedDevices.remove.body',
    messageVars: { name },
    confirmKey: 'trustedDevices.remove.confirm',
  });
}

export function confirmRemoveAll(): Promise<boolean> {
  return confirmDialog({
    titleKey: 'trustedDevices.removeAll.title',
    messageKey: 'trustedDevices.removeAll.body',
    confirmKey: 'trustedDevices.removeAll.confirm',
  });
}

/**
 * Spec §4 step 7, after a sign-in verification that trusted this device: the
 * confirm dialog shows the name the server gave it (the suggestion) and
 * renames it only when the player changed the name; declining keeps it. A
 * failed look-up or rename never blocks the sign-in.
 */
export async function confirmTrustedDeviceName(ctx: DialogContext): Promise<void> {
  const deviceId = getDeviceId();
  const [, list] = await settle(listTrustedDevices());
  const stored = list?.trustedDevices.find((d) => d.deviceId === deviceId)?.name;
  const name = stored ?? (await suggestedDeviceName());
  await renameDevice(ctx, { deviceId, name }, 'confirm');
}
