/** Spec §7 trusted-device calls. */
import type { BodyOf } from '../../shared/contract/endpoint';
import * as c from '../../shared/contract/trusted-devices';
import { call } from '../http/client';
import type { UnifiedOption } from './options';

export const getTrustedDeviceNameSuggestion = (isLauncher: boolean) =>
  call(c.getTrustedDeviceNameSuggestion, { query: { isLauncher } });
export const listTrustedDevices = () => call(c.listTrustedDevices);
export const renameTrustedDevice = (body: BodyOf<typeof c.renameTrustedDevice>) =>
  call(c.renameTrustedDevice, { body });
export const addTrustedDevice = (body: BodyOf<typeof c.addTrustedDevice>, o: UnifiedOption = {}) =>
  call(c.addTrustedDevice, { body, unified: o.unified });
export const removeTrustedDevice = (body: BodyOf<typeof c.removeTrustedDevice>) =>
  call(c.removeTrustedDevice, { body });
export const removeAllTrustedDevices = (body: BodyOf<typeof c.removeAllTrustedDevices>) =>
  call(c.removeAllTrustedDevices, { body });
export const verifyTpaTrustedDevice = (body: BodyOf<typeof c.verifyTpaTrustedDevice>, o: UnifiedOption = {}) =>
  call(c.verifyTpaTrustedDevice, { body, unified: o.unified });
export const verifyTrustedDevice = (body: BodyOf<typeof c.verifyTrustedDevice>, o: UnifiedOption = {}) =>
  call(c.verifyTrustedDevice, { body, unified: o.unified });
