/**
 * Leaves for the support desk's single-sign-on URL (the contract already held it to https, or http on a loopback
 * host for the dev desk). In app mode the launcher opens it in the system browser, as the help URL opens
 * (src/client/dialogs/support.ts): a desk does not run inside the launcher's frame.
 */
import { hostOpenExternalLink, isAppMode } from '../../client/host/launcher-bridge';
import { goTo } from '../../client/navigation/page';

/** 'external' when the launcher opened it (the page stays); 'leaving' when this page goes there. */
export function goToDesk(returnUrl: string): 'external' | 'leaving' {
  if (isAppMode() && hostOpenExternalLink(returnUrl)) return 'external';
  goTo(returnUrl);
  return 'leaving';
}
