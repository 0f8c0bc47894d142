/** Spec §7 trusted-device calls. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/trusted-devices';
import { onDemand } from './on-demand';
import type { UnifiedOption } from './options';

const call = onDemand(() => import('../../shared/contract/trusted-devices'));

export const getTrustedDeviceNameSuggestion = (isLauncher: boolean) =>
  call('getTrustedDeviceNameSuggestion', { query: { isLauncher } });
export const listTrustedDevices = () => call('listTrustedDevices');
export const renameTrustedDevice = (body: BodyOf<typeof c.renameTrustedDevice>) =>
  call('renameTrustedDevice', { body });
export const addTrustedDevice = (body: BodyOf<typeof c.addTrustedDevice>, o: UnifiedOption = {}) =>
  call('addTrustedDevice', { body, unified: o.unified });
export const removeTrustedDevice = (body: BodyOf<typeof c.removeTrustedDevice>) =>
  call('removeTrustedDevice', { body });
export const removeAllTrustedDevices = (body: BodyOf<typeof c.removeAllTrustedDevices>) =>
  call('removeAllTrustedDevices', { body });
export const verifyTpaTrustedDevice = (body: BodyOf<typeof c.verifyTpaTrustedDevice>, o: UnifiedOption = {}) =>
  call('verifyTpaTrustedDevice', { body, unified: o.unified });
export const verifyTrustedDevice = (body: BodyOf<typeof c.verifyTrustedDevice>, o: UnifiedOption = {}) =>
  call('verifyTrustedDevice', { body, unified: o.unified });
