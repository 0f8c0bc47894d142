/** The server's name for this device (from its user agent; the launcher flag says where it runs); '' when unknown. */
import { getTrustedDeviceNameSuggestion } from '../../client/api/trusted-devices';
import { isAppMode } from '../../client/host/launcher-bridge';
import { settle } from '../../client/http/settle';

export async function suggestedDeviceName(): Promise<string> {
  const [, suggestion] = await settle(getTrustedDeviceNameSuggestion(isAppMode()));
  return suggestion?.suggestion ?? '';
}
