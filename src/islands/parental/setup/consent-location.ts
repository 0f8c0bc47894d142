/**
 * Where consent was given (spec §9 consent location): LAUNCHER when the portal runs framed by the launcher or
 * store connector (app mode), else WEB. The server records it with the consent.
 */
import { isAppMode } from '../../../client/navigation/page';
import type { CONSENT_LOCATIONS } from '../../../shared/contract/terms';

export function consentLocation(): (typeof CONSENT_LOCATIONS)[number] {
  return isAppMode() ? 'LAUNCHER' : 'WEB';
}
